import type { Knex } from 'knex';
import type { InferType } from 'yup';
import {
  addDays,
  classSetupMessages as cs,
  tucumanToday,
  type classSlotEditSchema,
  type classSlotSchema,
  type ClassDiscipline,
  type ClassRules,
  type ClassSession,
  type ClassSetup,
  type IsoDate,
  type PublicSlot,
} from '@gym/contracts';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditRecorder } from '../audit';
import type { ClassesRepository } from './classes.repository';
import type { SessionCalendar } from './session-calendar';

/** A new slot, as the owner's form sends it (classSlotSchema). */
export type SlotInput = InferType<typeof classSlotSchema>;
/** What an existing slot may change (classSlotEditSchema). */
export type SlotEdit = InferType<typeof classSlotEditSchema>;
/** The disciplines a plan covers and its weekly limit (null: the rules' default). */
export interface PlanCoverageInput {
  disciplines: ClassDiscipline[];
  weeklyLimit: number | null;
}

/** The timetable and its rules: what the owner edits on /admin/clases, and the sessions the desk sees. */
export function createScheduleService(deps: {
  db: Knex;
  repo: ClassesRepository;
  calendar: SessionCalendar;
  clock: Clock;
  audit: AuditRecorder;
  /** Tells the promoted when a bigger capacity gives them a place. */
  tellPromoted: (promoted: { id_usuario: string }[], sessionId: string) => Promise<void>;
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

    /** Sessions from `from` (today by default) for `days` days. */
    async sessions(range: { from?: IsoDate; days: number }): Promise<ClassSession[]> {
      await deps.calendar.ready();
      const from = range.from ?? tucumanToday(clock.now());
      const days = range.days;
      return repo.listSessions(db, { from, to: addDays(from, days - 1) });
    },

    async publicTimetable(): Promise<PublicSlot[]> {
      return (await repo.slots(db))
        .filter((s) => s.active)
        .map(({ discipline, weekday, starts, ends }) => ({ discipline, weekday, starts, ends }));
    },

    async createSlot(slot: SlotInput): Promise<ClassSetup> {
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
    async editSlot(id: number, edit: SlotEdit): Promise<ClassSetup> {
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

    async saveRules(rules: ClassRules): Promise<ClassSetup> {
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

    async savePlan(idPlan: number, { disciplines, weeklyLimit }: PlanCoverageInput): Promise<ClassSetup> {
      await db.transaction(async (trx) => {
        const plan = await repo.planExists(trx, idPlan);
        if (!plan) throw new NotFound(cs.planNotFound);
        const before = await repo.planCoverage(trx, idPlan);
        const unique = [...new Set(disciplines)];
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
