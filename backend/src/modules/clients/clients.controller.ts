import type { RequestHandler } from 'express';
import { clientMessages } from '@gym/contracts';
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
    await service.remove(req.body);
    res.json({ message: clientMessages.deleted });
  };

  return { list, get, create, update, remove };
}
