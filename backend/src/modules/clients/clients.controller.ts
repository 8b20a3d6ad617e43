import type { RequestHandler } from 'express';
import { clientMessages, type ClientDeleted } from '@gym/contracts';
import type { ClientsService } from './clients.service';

/** SPEC §7: RPC-style paths, the client named in the body, lists and single reads as arrays. */
export function createClientsController(service: ClientsService) {
  const list: RequestHandler = async (_req, res) => {
    res.json(await service.list());
  };

  const get: RequestHandler = async (req, res) => {
    res.json([await service.find(req.body)]);
  };

  const create: RequestHandler = async (req, res) => {
    res.status(201).json(await service.create(req.body));
  };

  const update: RequestHandler = async (req, res) => {
    res.json(await service.update(req.body));
  };

  const remove: RequestHandler = async (req, res) => {
    const { archived } = await service.remove(req.body);
    res.json({ message: clientMessages.deleted, archived } satisfies ClientDeleted);
  };

  const listArchived: RequestHandler = async (_req, res) => {
    res.json({ clients: await service.listArchived() });
  };

  const restore: RequestHandler = async (req, res) => {
    res.json(await service.restore(String(req.params.idUsuario)));
  };

  return { list, get, create, update, remove, listArchived, restore };
}
