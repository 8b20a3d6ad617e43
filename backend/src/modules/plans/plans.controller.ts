import type { RequestHandler } from 'express';
import { planMessages } from '@gym/contracts';
import type { PlansService } from './plans.service';

/** SPEC §7: RPC-style paths, the plan named in the body, lists and single reads as arrays. */
export function createPlansController(service: PlansService) {
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
    res.json({ message: planMessages.deleted });
  };

  return { list, get, create, update, remove };
}
