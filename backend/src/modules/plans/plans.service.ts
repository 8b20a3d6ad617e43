import { randomUUID } from 'node:crypto';
import { MAX_PLANS, RECORD_CODE_PATTERN, planMessages as m, planBodySchema, type Plan } from '@gym/contracts';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import { validate } from '../../http/validate';
import { expectedVersion } from '../../http/version';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditedWrite } from '../audit';
import type { PlansRepository } from './plans.repository';

/** The plan a body names by codigoPlan; a missing or malformed code is an unknown plan. */
const codeOf = (body: unknown): string | undefined => {
  const code = (body as { codigoPlan?: unknown } | null)?.codigoPlan;
  return typeof code === 'string' && RECORD_CODE_PATTERN.test(code) ? code : undefined;
};

export function createPlansService(plans: PlansRepository, clock: Clock, write: AuditedWrite<PlansRepository>) {
  async function find(body: unknown): Promise<Plan> {
    const code = codeOf(body);
    const plan = code ? await plans.findByCode(code) : undefined;
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
    async create(body: unknown): Promise<Plan> {
      const { cuotaMensual, ...fields } = validate(planBodySchema, body);
      const input = { ...fields, cuotaMensual: cuotaMensual ?? fields.precio };
      if ((await plans.count()) >= MAX_PLANS) throw new Conflict(m.full);
      const codigoPlan = input.codigoPlan ?? randomUUID();
      try {
        return await write(async (repo, record) => {
          const plan = await repo.insert(codigoPlan, input, clock.now());
          await record({ entity: 'plan', entityId: plan.codigoPlan, action: 'crear', after: plan });
          return plan;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw await duplicate(input.idPlan, codigoPlan);
        throw err;
      }
    },

    /**
     * Clients follow a renumbered plan (ON UPDATE CASCADE). A stale `updatedAt` is 409. The spec's
     * body (no monthly fee) leaves the fee the desk charges as it was.
     */
    async update(body: unknown): Promise<Plan> {
      const current = await find(body);
      const { cuotaMensual, ...fields } = validate(planBodySchema, body);
      const input = { ...fields, cuotaMensual: cuotaMensual ?? current.cuotaMensual };
      let updated: Plan | undefined;
      try {
        updated = await write(async (repo, record) => {
          const after = await repo.update(current.codigoPlan, input, clock.now(), expectedVersion(body));
          if (after)
            await record({ entity: 'plan', entityId: current.codigoPlan, action: 'editar', before: current, after });
          return after;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw await duplicate(input.idPlan, current.codigoPlan);
        throw err;
      }
      if (updated) return updated;
      await find(body);
      throw new Conflict(m.stale);
    },

    /** A plan clients still hold is kept (the foreign key restricts it too). */
    async remove(body: unknown): Promise<void> {
      const plan = await find(body);
      if ((await plans.countClients(plan.idPlan)) > 0) throw new Conflict(m.inUse);
      try {
        await write(async (repo, record) => {
          if (!(await repo.delete(plan.codigoPlan))) throw new NotFound(m.notFound);
          await record({ entity: 'plan', entityId: plan.codigoPlan, action: 'borrar', before: plan });
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
