import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createPlansController } from './plans.controller';
import { createPlansRepository } from './plans.repository';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';

/** What other modules read of the plans (amounts in centavos); the table stays this module's. */
export function planReads(db: Knex) {
  const plans = createPlansRepository(db);
  return {
    /** Every plan, by number. */
    all: () => plans.list(),
    /** The plan of a number (a client's `plan`). */
    byId: (idPlan: number) => plans.findByIdPlan(idPlan),
    /** The plans of these numbers, in one query. */
    byIds: (idPlans: readonly number[]) => plans.findByIdPlans(idPlans),
  };
}

export type PlanReads = ReturnType<typeof planReads>;

export function plansModule(deps: { db: Knex; clock: Clock; audit: AuditRecorder }, requireStaff: RequestHandler) {
  const write = auditedWrites(deps.db, deps.audit, createPlansRepository);
  const service = createPlansService(createPlansRepository(deps.db), deps.clock, write);
  return { router: plansRoutes(createPlansController(service), requireStaff), reads: planReads(deps.db) };
}

export type { PlanRecord } from './plan';
