import type { InferType } from 'yup';
import { addDays, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import {
  classSetupMessages as cs,
  type classSlotEditSchema,
  type classSlotSchema,
  type ClassDiscipline,
  type ClassRules,
  type ClassSession,
  type ClassSetup,
  type PublicSlot,
} from '@gym/contracts/classes';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditedWrite } from '../audit';
import type { ClassPeers } from './peers';
import type { ClassesRepositories } from './repositories';
import { withCoaches } from './sessions.view';
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
  repos: ClassesRepositories;
  write: AuditedWrite<ClassesRepositories>;
  peers: ClassPeers;
  calendar: SessionCalendar;
  clock: Clock;
  /** Tells the promoted when a bigger capacity gives them a place. */
  tellPromoted: (promoted: { id_usuario: string }[], sessionId: string) => Promise<void>;
}) {
  const { repos, write, peers, clock } = deps;

  async function setup(): Promise<ClassSetup> {
    const [slots, rules, coverage, plans, trainers] = await Promise.all([
      repos.slots.list(),
      repos.rules.get(),
      repos.rules.allCoverage(),
      peers.plans(),
      peers.trainers(),
    ]);
    const coaches = new Map(trainers.map((t) => [t.id, t.nombre]));
    return {
      slots: slots.map((s) => ({ ...s, coach: s.trainerId === null ? null : (coaches.get(s.trainerId) ?? null) })),
      rules,
      plans: plans.map((p) => {
        const covered = coverage.filter((c) => c.id_plan === p.idPlan);
        return {
          idPlan: p.idPlan,
          nombrePlan: p.nombrePlan,
          disciplines: covered.map((c) => c.discipline),
          weeklyLimit: covered[0]?.weekly_limit ?? null,
        };
      }),
      trainers,
    };
  }

  /** The coaches by id, read before a write (never inside one: PGlite has one connection). */
  const coachList = async () => new Map((await peers.trainers()).map((t) => [t.id, t.nombre]));
  /** A coach chosen must be one of them. */
  const checkCoach = (coaches: Map<number, string>, id: number | null) => {
    if (id !== null && !coaches.has(id)) throw new ValidationFailed(cs.trainerNotFound);
  };
  const coachName = (coaches: Map<number, string>, id: number | null) =>
    id === null ? null : (coaches.get(id) ?? null);

  return {
    setup,

    /** Sessions from `from` (today by default) for `days` days. */
    async sessions(range: { from?: IsoDate; days: number }): Promise<ClassSession[]> {
      await deps.calendar.ready();
      const from = range.from ?? tucumanToday(clock.now());
      return withCoaches(peers, await repos.sessions.list({ from, to: addDays(from, range.days - 1) }));
    },

    async publicTimetable(): Promise<PublicSlot[]> {
      return (await repos.slots.list())
        .filter((s) => s.active)
        .map(({ discipline, weekday, starts, ends }) => ({ discipline, weekday, starts, ends }));
    },

    async createSlot(slot: SlotInput): Promise<ClassSetup> {
      const coaches = await coachList();
      await write(async (r, record) => {
        checkCoach(coaches, slot.trainerId);
        const id = await r.slots
          .insert({
            discipline: slot.discipline as ClassDiscipline,
            weekday: slot.weekday,
            starts: slot.starts,
            ends: slot.ends,
            room: slot.room,
            capacity: slot.capacity,
            trainer_id: slot.trainerId,
            active: slot.active,
          })
          .catch((err: unknown) => {
            throw hasPgCode(err, '23505') ? new Conflict(cs.slotTaken) : err;
          });
        await record({ entity: 'horario', entityId: String(id), action: 'crear', after: slot });
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
      const coaches = await coachList();
      const promoted = await write(async (r, record) => {
        const before = await r.slots.find(id, { lock: true });
        if (!before) throw new NotFound(cs.slotNotFound);
        checkCoach(coaches, edit.trainerId);
        await r.slots.update(id, {
          room: edit.room,
          capacity: edit.capacity,
          trainer_id: edit.trainerId,
          active: edit.active,
        });
        const promoted: { sessionId: string; rows: { id_usuario: string }[] }[] = [];
        for (const session of await r.sessions.futureOfSlot(id, now)) {
          const held = await r.bookings.held(session.id);
          const capacity = Math.max(edit.capacity, held);
          await r.sessions.setCapacity(session.id, capacity);
          promoted.push({ sessionId: session.id, rows: await r.bookings.promote(session.id, capacity - held, now) });
        }
        if (!edit.active) await r.sessions.dropEmptyFutureOfSlot(id, now);
        // The trail names the class (what, which day, what hour) and each change by its values, coach by name.
        const clase = { discipline: before.discipline, weekday: before.weekday, starts: before.starts };
        await record({
          entity: 'horario',
          entityId: String(id),
          action: 'editar',
          before: {
            ...clase,
            room: before.room,
            capacity: before.capacity,
            entrenador: coachName(coaches, before.trainer_id),
            active: before.active,
          },
          after: {
            ...clase,
            room: edit.room,
            capacity: edit.capacity,
            entrenador: coachName(coaches, edit.trainerId),
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
      await write(async (r, record) => {
        const before = await r.rules.get();
        await r.rules.save(rules);
        await record({ entity: 'reglas_clases', entityId: 'reglas', action: 'editar', before, after: rules });
      });
      return setup();
    },

    async savePlan(idPlan: number, { disciplines, weeklyLimit }: PlanCoverageInput): Promise<ClassSetup> {
      const plan = await peers.plan(idPlan);
      if (!plan) throw new NotFound(cs.planNotFound);
      await write(async (r, record) => {
        const before = await r.rules.coverage(idPlan);
        const unique = [...new Set(disciplines)];
        await r.rules.setCoverage(idPlan, unique, weeklyLimit);
        await record({
          entity: 'plan',
          entityId: String(idPlan),
          action: 'clases',
          before: {
            nombrePlan: plan.nombrePlan,
            clases: before.map((b) => b.discipline),
            limiteSemanal: before[0]?.weekly_limit ?? null,
          },
          after: { nombrePlan: plan.nombrePlan, clases: unique, limiteSemanal: weeklyLimit },
          keep: ['nombrePlan'],
        });
      });
      return setup();
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
