import type { RequestHandler } from 'express';
import { planBodySchema, planMessages } from '@gym/contracts/plans';
import { RECORD_CODE_PATTERN } from '@gym/contracts/clients';
import { validate } from '../../http/validate';
import { expectedVersion } from '../../http/version';
import type { PlansService } from './plans.service';
import { fromPlanBody, toPlanJson } from './plans.wire';

/** The plan a body names by codigoPlan; a missing or malformed code is an unknown plan. */
const codeOf = (body: unknown): string | undefined => {
  const code = (body as { codigoPlan?: unknown } | null)?.codigoPlan;
  return typeof code === 'string' && RECORD_CODE_PATTERN.test(code) ? code : undefined;
};

/** SPEC §7: RPC-style paths, the plan named in the body, lists and single reads as arrays; `precio` in pesos. */
export function createPlansController(service: PlansService) {
  const list: RequestHandler = async (_req, res) => {
    res.json((await service.list()).map(toPlanJson));
  };

  const get: RequestHandler = async (req, res) => {
    res.json([toPlanJson(await service.find(codeOf(req.body)))]);
  };

  const create: RequestHandler = async (req, res) => {
    const input = fromPlanBody(validate(planBodySchema, req.body));
    res.status(201).json(toPlanJson(await service.create(input)));
  };

  /** An unknown plan is 404 before its body is read (the spec's clients name it first). */
  const update: RequestHandler = async (req, res) => {
    const codigoPlan = codeOf(req.body);
    await service.find(codigoPlan);
    const input = fromPlanBody(validate(planBodySchema, req.body));
    res.json(toPlanJson(await service.update({ ...input, codigoPlan }, expectedVersion(req.body))));
  };

  const remove: RequestHandler = async (req, res) => {
    await service.remove(codeOf(req.body));
    res.json({ message: planMessages.deleted });
  };

  return { list, get, create, update, remove };
}
