import type { RequestHandler } from 'express';
import { clientMessages, clientSchema, RECORD_CODE_PATTERN, type ClientDeleted } from '@gym/contracts/clients';
import { validate } from '../../http/validate';
import { expectedVersion } from '../../http/version';
import type { ClientsService } from './clients.service';

/** The client a body names by idUsuario; a missing or malformed code is an unknown client. */
const idOf = (body: unknown): string | undefined => {
  const id = (body as { idUsuario?: unknown } | null)?.idUsuario;
  return typeof id === 'string' && RECORD_CODE_PATTERN.test(id) ? id : undefined;
};

/** SPEC §7: RPC-style paths, the client named in the body, lists and single reads as arrays. */
export function createClientsController(service: ClientsService) {
  const list: RequestHandler = async (_req, res) => {
    res.json(await service.list());
  };

  const get: RequestHandler = async (req, res) => {
    res.json([await service.find(idOf(req.body))]);
  };

  const create: RequestHandler = async (req, res) => {
    res.status(201).json(await service.create(validate(clientSchema, req.body)));
  };

  /** An unknown client is 404 before its body is read. */
  const update: RequestHandler = async (req, res) => {
    const idUsuario = idOf(req.body);
    await service.find(idUsuario);
    const input = validate(clientSchema, req.body);
    res.json(await service.update(idUsuario, input, expectedVersion(req.body)));
  };

  const remove: RequestHandler = async (req, res) => {
    const { archived } = await service.remove(idOf(req.body));
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
