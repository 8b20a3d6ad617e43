import { randomUUID } from 'node:crypto';
import { MAX_PLANS, planMessages as m } from '@gym/contracts/plans';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditedWrite } from '../audit';
import type { PlanRecord } from './plan';
import type { PlansRepository } from './plans.repository';
import { toAuditedPlan, type PlanWrite } from './plans.wire';

/** The audit trail keeps a plan as its rows always have (pesos: plans.wire.ts). */
const snapshot = toAuditedPlan;

export function createPlansService(plans: PlansRepository, clock: Clock, write: AuditedWrite<PlansRepository>) {
  /** The plan of a code; undefined (a missing or malformed code) is an unknown plan. */
  async function find(codigoPlan: string | undefined): Promise<PlanRecord> {
    const plan = codigoPlan ? await plans.findByCode(codigoPlan) : undefined;
    if (!plan) throw new NotFound(m.notFound);
    return plan;
  }

  /** Which unique rule a write broke: the plan number, or else the code. */
  async function duplicate(idPlan: number, codigoPlan: string): Promise<Conflict> {
    const holder = await plans.findByIdPlan(idPlan);
    return holder && holder.codigoPlan !== codigoPlan
      ? new Conflict(m.duplicateIdPlan, { idPlan: m.duplicateIdPlan })
      : new Conflict(m.duplicateCodigoPlan, { codigoPlan: m.duplicateCodigoPlan });
  }

  return {
    list: () => plans.list(),

    find,

    /**
     * At most 9 plans: the numbers 1 to 9 are unique, and a 10th is refused before anything else.
     * The spec's body has no monthly fee: the plan then charges its precio a month until staff set one.
     */
    async create({ codigoPlan: code, fields }: PlanWrite): Promise<PlanRecord> {
      const input = { ...fields, cuotaMensualCentavos: fields.cuotaMensualCentavos ?? fields.precioCentavos };
      if ((await plans.count()) >= MAX_PLANS) throw new Conflict(m.full);
      const codigoPlan = code ?? randomUUID();
      try {
        return await write(async (repo, record) => {
          const plan = await repo.insert(codigoPlan, input, clock.now());
          await record({ entity: 'plan', entityId: plan.codigoPlan, action: 'crear', after: snapshot(plan) });
          return plan;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw await duplicate(input.idPlan, codigoPlan);
        throw err;
      }
    },

    /**
     * Clients follow a renumbered plan (ON UPDATE CASCADE). A stale `expectedUpdatedAt` is 409. The
     * spec's body (no monthly fee) leaves the fee the desk charges as it was.
     */
    async update({ codigoPlan, fields }: PlanWrite, expectedUpdatedAt?: Date): Promise<PlanRecord> {
      const current = await find(codigoPlan);
      const input = { ...fields, cuotaMensualCentavos: fields.cuotaMensualCentavos ?? current.cuotaMensualCentavos };
      let updated: PlanRecord | undefined;
      try {
        updated = await write(async (repo, record) => {
          const after = await repo.update(current.codigoPlan, input, clock.now(), expectedUpdatedAt);
          if (after) {
            const change = { before: snapshot(current), after: snapshot(after) };
            await record({ entity: 'plan', entityId: current.codigoPlan, action: 'editar', ...change });
          }
          return after;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw await duplicate(input.idPlan, current.codigoPlan);
        throw err;
      }
      if (updated) return updated;
      await find(codigoPlan);
      throw new Conflict(m.stale);
    },

    /** A plan clients still hold is kept (the foreign key restricts it too). */
    async remove(codigoPlan: string | undefined): Promise<void> {
      const plan = await find(codigoPlan);
      if ((await plans.countClients(plan.idPlan)) > 0) throw new Conflict(m.inUse);
      try {
        await write(async (repo, record) => {
          if (!(await repo.delete(plan.codigoPlan))) throw new NotFound(m.notFound);
          await record({ entity: 'plan', entityId: plan.codigoPlan, action: 'borrar', before: snapshot(plan) });
        });
      } catch (err) {
        if (!hasPgCode(err, '23503') && !hasPgCode(err, '23001')) throw err;
        // Someone gave the plan to a client meanwhile, or only archived clients hold it.
        throw new Conflict((await plans.countClients(plan.idPlan)) > 0 ? m.inUse : m.inUseArchived);
      }
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
