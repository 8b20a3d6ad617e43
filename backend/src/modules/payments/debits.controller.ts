import type { RequestHandler } from 'express';
import type { DebitsService } from './debits.service';

const member = (locals: Record<string, unknown>) => locals.member as string;

export function createDebitsController(service: DebitsService) {
  return {
    start: (async (_req, res) => {
      res.status(201).json(await service.start(member(res.locals)));
    }) as RequestHandler,
    mine: (async (_req, res) => {
      res.json({ debito: await service.mine(member(res.locals)) });
    }) as RequestHandler,
    stop: (async (req, res) => {
      res.json(await service.stop(member(res.locals), req.params.id));
    }) as RequestHandler<{ id: string }>,
    rejected: (async (_req, res) => {
      res.json({ rechazados: await service.rejected() });
    }) as RequestHandler,
    observed: (async (_req, res) => {
      res.json({ observados: await service.observed() });
    }) as RequestHandler,
  };
}
