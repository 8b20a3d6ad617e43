import type { Knex } from 'knex';
import {
  addDays,
  classRulesSchema,
  classSetupMessages as cs,
  classSlotEditSchema,
  classSlotSchema,
  isIsoDate,
  planDisciplinesSchema,
  tucumanToday,
  type ClassDiscipline,
  type ClassSession,
  type ClassSetup,
  type PublicSlot,
} from '@gym/contracts';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { validate } from '../../http/validate';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditRecorder } from '../audit';
import type { ClassesRepository } from './classes.repository';
import type { SessionCalendar } from './session-calendar';

const MAX_DAYS = 31;

/** The timetable and its rules: what the owner edits on /admin/clases, and the sessions the desk sees. */
export function createScheduleService(deps: {
  db: Knex;
  repo: ClassesRepository;
  calendar: SessionCalendar;
  clock: Clock;
  audit: AuditRecorder;
  /** Tells the promoted when a bigger capacity gives them a place. */
  tellPromoted: (promoted: { id_usuario: string }[], sessionId: string) => Promise<unknown>;
}) {
  const { db, repo, clock, audit } = deps;

  async function setup(): Promise<ClassSetup> {
    const [slots, rules, coverage, trainers] = await Promise.all([
      repo.slots(db),
      repo.rules(db),
      repo.plansCoverage(db),
      repo.trainers(db),
    ]);
    const plans = new Map<number, ClassSetup['plans'][number]>();
    for (const row of coverage) {
      const plan = plans.get(row.id_plan) ?? {
        idPlan: row.id_plan,
        nombrePlan: row.nombre_plan,
        disciplines: [] as ClassDiscipline[],
        weeklyLimit: null,
      };
      if (row.discipline) plan.disciplines.push(row.discipline);
      plan.weeklyLimit ??= row.weekly_limit;
      plans.set(row.id_plan, plan);
    }
    return { slots, rules, plans: [...plans.values()], trainers };
  }

  async function checkTrainer(q: Knex, trainerId: number | null | undefined) {
    if (trainerId != null && !(await repo.trainerExists(q, trainerId))) throw new ValidationFailed(cs.trainerNotFound);
  }

  return {
    setup,

    /** Sessions from `desde` (today by default) for `dias` days (7 by default, at most 31). */
    async sessions(query: Record<string, unknown>): Promise<ClassSession[]> {
      await deps.calendar.ready();
      const from = isIsoDate(query.desde) ? query.desde : tucumanToday(clock.now());
      const days = Math.min(MAX_DAYS, Math.max(1, Number.parseInt(String(query.dias ?? '7'), 10) || 7));
      return repo.listSessions(db, { from, to: addDays(from, days - 1) });
    },

    async publicTimetable(): Promise<PublicSlot[]> {
      return (await repo.slots(db))
        .filter((s) => s.active)
        .map(({ discipline, weekday, starts, ends }) => ({ discipline, weekday, starts, ends }));
    },

    async createSlot(body: unknown): Promise<ClassSetup> {
      const slot = validate(classSlotSchema, body);
      await db.transaction(async (trx) => {
        await checkTrainer(trx, slot.trainerId);
        const row = {
          discipline: slot.discipline,
          weekday: slot.weekday,
          starts: slot.starts,
          ends: slot.ends,
          room: slot.room,
          capacity: slot.capacity,
          trainer_id: slot.trainerId,
          active: slot.active,
        };
        const id = await repo.insertSlot(trx, row).catch((err: unknown) => {
          throw hasPgCode(err, '23505') ? new Conflict(cs.slotTaken) : err;
        });
        await audit.record(trx, { entity: 'horario', entityId: String(id), action: 'crear', after: slot });
      });
      deps.calendar.invalidate();
      return setup();
    },

    /**
     * Room, coach, capacity and whether it runs. A new capacity reaches the sessions to come, never
     * below who already holds a place; a bigger one gives places to the waiting, who are told.
     */
    async editSlot(idParam: unknown, body: unknown): Promise<ClassSetup> {
      const edit = validate(classSlotEditSchema, body);
      const id = Number(idParam);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound(cs.slotNotFound);
      const now = clock.now();
      const promoted = await db.transaction(async (trx) => {
        const before = await repo.slot(trx, id, { lock: true });
        if (!before) throw new NotFound(cs.slotNotFound);
        await checkTrainer(trx, edit.trainerId);
        await repo.updateSlot(trx, id, {
          room: edit.room,
          capacity: edit.capacity,
          trainer_id: edit.trainerId,
          active: edit.active,
        });
        const promoted: { sessionId: string; rows: { id_usuario: string }[] }[] = [];
        for (const session of await repo.futureSessions(trx, id, now)) {
          const held = await repo.held(trx, session.id);
          const capacity = Math.max(edit.capacity, held);
          await repo.setCapacity(trx, session.id, capacity);
          promoted.push({ sessionId: session.id, rows: await repo.promote(trx, session.id, capacity - held, now) });
        }
        if (!edit.active) await repo.dropEmptyFutureSessions(trx, id, now);
        // The trail names the class (what, which day, what hour) and each change by its values, coach by name.
        const clase = { discipline: before.discipline, weekday: before.weekday, starts: before.starts };
        await audit.record(trx, {
          entity: 'horario',
          entityId: String(id),
          action: 'editar',
          before: {
            ...clase,
            room: before.room,
            capacity: before.capacity,
            entrenador: await repo.trainerName(trx, before.trainer_id as number | null),
            active: before.active,
          },
          after: {
            ...clase,
            room: edit.room,
            capacity: edit.capacity,
            entrenador: await repo.trainerName(trx, edit.trainerId),
            active: edit.active,
          },
          keep: Object.keys(clase),
        });
        return promoted;
      });
      deps.calendar.invalidate();
      for (const p of promoted) if (p.rows.length) await deps.tellPromoted(p.rows, p.sessionId);
      return setup();
    },

    async saveRules(body: unknown): Promise<ClassSetup> {
      const rules = validate(classRulesSchema, body);
      await db.transaction(async (trx) => {
        const before = await repo.rules(trx);
        await repo.saveRules(trx, rules);
        await audit.record(trx, {
          entity: 'reglas_clases',
          entityId: 'reglas',
          action: 'editar',
          before,
          after: rules,
        });
      });
      return setup();
    },

    async savePlan(idPlanParam: unknown, body: unknown): Promise<ClassSetup> {
      const { disciplines, weeklyLimit } = validate(planDisciplinesSchema, body);
      const idPlan = Number(idPlanParam);
      await db.transaction(async (trx) => {
        const plan =
          Number.isInteger(idPlan) && idPlan >= 1 && idPlan <= 9 ? await repo.planExists(trx, idPlan) : undefined;
        if (!plan) throw new NotFound(cs.planNotFound);
        const before = await repo.planCoverage(trx, idPlan);
        const unique = [...new Set(disciplines)] as ClassDiscipline[];
        await repo.setPlanCoverage(trx, idPlan, unique, weeklyLimit);
        await audit.record(trx, {
          entity: 'plan',
          entityId: String(idPlan),
          action: 'clases',
          before: {
            nombrePlan: plan.nombre_plan,
            clases: before.map((b) => b.discipline),
            limiteSemanal: before[0]?.weekly_limit ?? null,
          },
          after: { nombrePlan: plan.nombre_plan, clases: unique, limiteSemanal: weeklyLimit },
          keep: ['nombrePlan'],
        });
      });
      return setup();
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
