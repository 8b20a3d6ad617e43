import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { Centavos } from '@gym/contracts/money';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createPlansController } from './plans.controller';
import { createPlansRepository } from './plans.repository';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';
import { toAuditedPlan } from './plans.wire';

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

/**
 * Another module sets a plan's monthly fee (a scheduled price change on its date, issue 47): in the
 * caller's transaction, audited as an edit of the plan.
 */
export function planFeeWriter(clock: Clock, audit: AuditRecorder) {
  return {
    async setFee(trx: Knex, idPlan: number, fee: Centavos): Promise<void> {
      const plans = createPlansRepository(trx);
      const current = await plans.findByIdPlan(idPlan);
      if (!current || current.cuotaMensualCentavos === fee) return;
      const { codigoPlan, updatedAt: _version, ...fields } = current;
      const after = await plans.update(codigoPlan, { ...fields, cuotaMensualCentavos: fee }, clock.now());
      if (after)
        await audit.record(trx, {
          entity: 'plan',
          entityId: codigoPlan,
          action: 'editar',
          before: toAuditedPlan(current),
          after: toAuditedPlan(after),
        });
    },
  };
}

export type PlanFeeWriter = ReturnType<typeof planFeeWriter>;

export function plansModule(deps: { db: Knex; clock: Clock; audit: AuditRecorder }, requireStaff: RequestHandler) {
  const write = auditedWrites(deps.db, deps.audit, createPlansRepository);
  const service = createPlansService(createPlansRepository(deps.db), deps.clock, write);
  return { router: plansRoutes(createPlansController(service), requireStaff), reads: planReads(deps.db) };
}

export type { PlanRecord } from './plan';
