import type { Knex } from 'knex';
import {
  DEFAULT_CLASS_RULES,
  GYM_TIME_ZONE,
  type BookingStatus,
  type ClassBooking,
  type ClassDiscipline,
  type ClassRules,
  type ClassSession,
  type ClassSlot,
  type IsoDate,
} from '@gym/contracts';

/** Places are held by these; `espera` waits, `cancelada` holds nothing. */
export const HOLDING = ['reservada', 'asistio', 'ausente'] as const;

interface SessionRow {
  id: string;
  discipline: ClassDiscipline;
  day: string;
  starts: string;
  ends: string;
  starts_at: Date;
  ends_at: Date;
  room: string;
  coach: string | null;
  capacity: number;
  status: 'programada' | 'cancelada';
  cancel_reason: string | null;
  booked: number;
  waiting: number;
}

export const toSession = (r: SessionRow): ClassSession => ({
  id: r.id,
  discipline: r.discipline,
  day: r.day,
  starts: r.starts,
  ends: r.ends,
  startsAt: r.starts_at.toISOString(),
  room: r.room,
  coach: r.coach,
  capacity: r.capacity,
  booked: r.booked,
  waiting: r.waiting,
  status: r.status,
  cancelReason: r.cancel_reason,
});

export type SessionRecord = SessionRow & { slot_id: number };
export type LockedSession = Pick<
  SessionRow,
  'id' | 'discipline' | 'day' | 'starts' | 'starts_at' | 'capacity' | 'status'
>;

/** An instant's hour in Tucumán, as "14:00". */
const hourAt = (q: Knex, column: string, alias: string) =>
  q.raw(`to_char(${column} AT TIME ZONE '${GYM_TIME_ZONE}', 'HH24:MI') AS ${alias}`);

export interface Standing {
  id_usuario: string;
  nombre: string;
  correo: string;
  celular: number;
  plan: number;
  nombre_plan: string | null;
  paid_until: string | null;
  apto_vence: string | null;
  paused_since: string | null;
}

/** Every query takes the connection or transaction it runs in (PGlite has a single connection). */
export function createClassesRepository() {
  const sessions = (q: Knex) =>
    q({ s: 'class_sessions' })
      .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
      .leftJoin({ t: 'trainers' }, 't.id', 'sl.trainer_id')
      .select(
        's.id',
        's.slot_id',
        'sl.discipline',
        q.raw('s.day::text AS day'),
        hourAt(q, 's.starts_at', 'starts'),
        hourAt(q, 's.ends_at', 'ends'),
        's.starts_at',
        's.ends_at',
        'sl.room',
        't.nombre AS coach',
        's.capacity',
        's.status',
        's.cancel_reason',
        q.raw(
          `(SELECT count(*) FROM class_bookings b WHERE b.session_id = s.id AND b.status IN ('reservada', 'asistio', 'ausente')) AS booked`,
        ),
        q.raw(`(SELECT count(*) FROM class_bookings b WHERE b.session_id = s.id AND b.status = 'espera') AS waiting`),
      );

  return {
    /**
     * What the door and a booking look at: the client (not archived), plan, paid-until, apto and an
     * open pause. With `lock`, the client's row is held for the transaction (a booking's weekly
     * count cannot be raced by the same member's other booking).
     */
    async standing(q: Knex, where: { idUsuario: string } | { dni: string }, options: { lock?: boolean } = {}) {
      const query = q({ c: 'clients' })
        .leftJoin({ p: 'plans' }, 'p.id_plan', 'c.plan')
        .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .leftJoin({ pa: 'membership_pauses' }, (j) => j.on('pa.id_usuario', 'c.id_usuario').andOnNull('pa.ended_on'))
        .whereNull('c.archived_at')
        .first(
          'c.id_usuario',
          'c.nombre',
          'c.correo',
          'c.celular',
          'c.plan',
          'p.nombre_plan',
          q.raw('m.paid_until::text AS paid_until'),
          q.raw('m.apto_vence::text AS apto_vence'),
          q.raw('pa.started_on::text AS paused_since'),
        );
      if ('dni' in where) query.where('c.dni', where.dni);
      else query.where('c.id_usuario', where.idUsuario);
      if (options.lock) query.forNoKeyUpdate('c');
      return (await query) as Standing | undefined;
    },

    /** Sessions of the active slots from `from` to `to` (days in Tucumán); those already there stay as they are. */
    async ensureSessions(q: Knex, from: IsoDate, to: IsoDate): Promise<void> {
      await q.raw(
        `INSERT INTO class_sessions (slot_id, day, starts_at, ends_at, capacity)
         SELECT sl.id, d::date, (d::date + sl.starts) AT TIME ZONE '${GYM_TIME_ZONE}',
                (d::date + sl.ends) AT TIME ZONE '${GYM_TIME_ZONE}', sl.capacity
         FROM class_slots sl CROSS JOIN generate_series(?::date, ?::date, interval '1 day') d
         WHERE sl.active AND extract(isodow FROM d) = sl.weekday
         ON CONFLICT (slot_id, day) DO NOTHING`,
        [from, to],
      );
    },

    async listSessions(
      q: Knex,
      range: { from: IsoDate; to: IsoDate; disciplines?: ClassDiscipline[] },
    ): Promise<ClassSession[]> {
      const query = sessions(q).whereBetween('s.day', [range.from, range.to]).orderBy(['s.starts_at', 'sl.discipline']);
      if (range.disciplines) query.whereIn('sl.discipline', range.disciplines);
      return (await query).map(toSession);
    },

    async session(q: Knex, id: string): Promise<SessionRecord | undefined> {
      return sessions(q).where('s.id', id).first();
    },

    /**
     * A session's row, locked for the transaction: every decision about its places is taken under
     * it. Its counts are read afterwards (`placeFacts`), by a statement that sees the commits it waited for.
     */
    async lockSession(q: Knex, id: string): Promise<LockedSession | undefined> {
      return q({ s: 'class_sessions' })
        .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
        .where('s.id', id)
        .forUpdate('s')
        .first(
          's.id',
          'sl.discipline',
          q.raw('s.day::text AS day'),
          hourAt(q, 's.starts_at', 'starts'),
          's.starts_at',
          's.capacity',
          's.status',
        );
    },

    /**
     * Under the session's lock, in one statement: the rules, whether the plan covers the discipline
     * (and its weekly limit), whether the client already holds or waits for a place, their bookings
     * that week, and the places held and waiting.
     */
    async placeFacts(
      q: Knex,
      f: { sessionId: string; idUsuario: string; plan: number; discipline: ClassDiscipline; week: [IsoDate, IsoDate] },
    ) {
      const { rows } = await q.raw<{
        rows: {
          days_ahead: number | null;
          free_cancel_hours: number | null;
          weekly_limit: number | null;
          covered: boolean;
          plan_limit: number | null;
          mine: boolean;
          in_week: number;
          held: number;
          waiting: number;
        }[];
      }>(
        `SELECT r.days_ahead, r.free_cancel_hours, r.weekly_limit,
           pd.discipline IS NOT NULL AS covered, pd.weekly_limit AS plan_limit,
           EXISTS (SELECT 1 FROM class_bookings WHERE session_id = :session AND id_usuario = :client AND status <> 'cancelada') AS mine,
           (SELECT count(*) FROM class_bookings b JOIN class_sessions s ON s.id = b.session_id
             WHERE b.id_usuario = :client AND b.status <> 'cancelada' AND s.day BETWEEN :from AND :to) AS in_week,
           (SELECT count(*) FROM class_bookings WHERE session_id = :session AND status IN ('reservada', 'asistio', 'ausente')) AS held,
           (SELECT count(*) FROM class_bookings WHERE session_id = :session AND status = 'espera') AS waiting
         FROM (SELECT 1) one
         LEFT JOIN class_rules r ON true
         LEFT JOIN plan_disciplines pd ON pd.id_plan = :plan AND pd.discipline = :discipline`,
        {
          session: f.sessionId,
          client: f.idUsuario,
          plan: f.plan,
          discipline: f.discipline,
          from: f.week[0],
          to: f.week[1],
        },
      );
      const r = rows[0]!;
      const rules: ClassRules =
        r.days_ahead === null
          ? DEFAULT_CLASS_RULES
          : { daysAhead: r.days_ahead, freeCancelHours: r.free_cancel_hours!, weeklyLimit: r.weekly_limit! };
      return {
        rules,
        covered: r.covered,
        weeklyLimit: r.plan_limit ?? rules.weeklyLimit,
        mine: r.mine,
        inWeek: r.in_week,
        held: r.held,
        waiting: r.waiting,
      };
    },

    async bookings(q: Knex, sessionId: string): Promise<ClassBooking[]> {
      const rows: {
        id: string;
        session_id: string;
        id_usuario: string;
        nombre: string;
        status: BookingStatus;
        late_cancel: boolean;
        created_at: Date;
        position: number | null;
      }[] = await q({ b: 'class_bookings' })
        .join({ c: 'clients' }, 'c.id_usuario', 'b.id_usuario')
        .where('b.session_id', sessionId)
        .select(
          'b.id',
          'b.session_id',
          'b.id_usuario',
          'c.nombre',
          'b.status',
          'b.late_cancel',
          'b.created_at',
          q.raw(
            `CASE WHEN b.status = 'espera' THEN row_number() OVER (PARTITION BY b.status = 'espera' ORDER BY b.seq) END AS position`,
          ),
        )
        .orderByRaw(`CASE b.status WHEN 'espera' THEN 1 WHEN 'cancelada' THEN 2 ELSE 0 END, b.seq`);
      return rows.map((r) => ({
        id: r.id,
        sessionId: r.session_id,
        idUsuario: r.id_usuario,
        nombre: r.nombre,
        status: r.status,
        position: r.position,
        lateCancel: r.late_cancel,
        createdAt: r.created_at.toISOString(),
      }));
    },

    /** The member's bookings (not cancelled) of these sessions, with the waiting position. */
    async mine(q: Knex, idUsuario: string, sessionIds: string[]) {
      if (!sessionIds.length) return [];
      const rows: { id: string; session_id: string; status: BookingStatus; position: number | null }[] = await q({
        b: 'class_bookings',
      })
        .where('b.id_usuario', idUsuario)
        .whereIn('b.session_id', sessionIds)
        .whereNot('b.status', 'cancelada')
        .select(
          'b.id',
          'b.session_id',
          'b.status',
          q.raw(
            `CASE WHEN b.status = 'espera' THEN (SELECT count(*) FROM class_bookings w WHERE w.session_id = b.session_id AND w.status = 'espera' AND w.seq <= b.seq) END AS position`,
          ),
        );
      return rows.map((r) => ({
        id: r.id,
        sessionId: r.session_id,
        status: r.status,
        position: r.position,
      }));
    },

    async booking(q: Knex, id: string, options: { lock?: boolean } = {}) {
      const query = q('class_bookings').where({ id }).first('id', 'session_id', 'id_usuario', 'status', 'seq');
      if (options.lock) query.forUpdate();
      return (await query) as
        { id: string; session_id: string; id_usuario: string; status: BookingStatus; seq: number } | undefined;
    },

    async held(q: Knex, sessionId: string): Promise<number> {
      const row = await q('class_bookings')
        .where({ session_id: sessionId })
        .whereIn('status', HOLDING)
        .count<{ n: number }[]>({ n: '*' })
        .first();
      return row?.n ?? 0;
    },

    async insertBooking(
      q: Knex,
      row: {
        session_id: string;
        id_usuario: string;
        status: 'reservada' | 'espera';
        booked_by: 'socio' | 'recepcion';
        created_at: Date;
      },
    ): Promise<{ id: string; seq: number }> {
      const [inserted] = await q('class_bookings').insert(row, ['id', 'seq']);
      return inserted as { id: string; seq: number };
    },

    async cancelBooking(q: Knex, id: string, at: Date, late: boolean): Promise<void> {
      await q('class_bookings').where({ id }).update({ status: 'cancelada', cancelled_at: at, late_cancel: late });
    },

    async setStatus(q: Knex, id: string, status: BookingStatus): Promise<void> {
      await q('class_bookings').where({ id }).update({ status });
    },

    /** Gives the free places to the first waiting, in order; returns who got one. */
    async promote(q: Knex, sessionId: string, free: number, at: Date): Promise<{ id: string; id_usuario: string }[]> {
      if (free <= 0) return [];
      const { rows } = await q.raw<{ rows: { id: string; id_usuario: string }[] }>(
        `UPDATE class_bookings SET status = 'reservada', promoted_at = ?
         WHERE id IN (SELECT id FROM class_bookings WHERE session_id = ? AND status = 'espera' ORDER BY seq LIMIT ?)
         RETURNING id, id_usuario`,
        [at, sessionId, free],
      );
      return rows;
    },

    /** Suspends a session: every place and waiting booking is cancelled (never late). Returns whose. */
    async suspend(q: Knex, sessionId: string, reason: string, at: Date): Promise<string[]> {
      await q('class_sessions').where({ id: sessionId }).update({ status: 'cancelada', cancel_reason: reason });
      const rows: { id_usuario: string }[] = await q('class_bookings')
        .where({ session_id: sessionId })
        .whereIn('status', ['reservada', 'espera'])
        .update({ status: 'cancelada', cancelled_at: at, late_cancel: false }, ['id_usuario']);
      return rows.map((r) => r.id_usuario);
    },

    async rules(q: Knex): Promise<ClassRules> {
      const row: { days_ahead: number; free_cancel_hours: number; weekly_limit: number } | undefined = await q(
        'class_rules',
      ).first('days_ahead', 'free_cancel_hours', 'weekly_limit');
      if (!row) return DEFAULT_CLASS_RULES;
      return { daysAhead: row.days_ahead, freeCancelHours: row.free_cancel_hours, weeklyLimit: row.weekly_limit };
    },

    async saveRules(q: Knex, rules: ClassRules): Promise<void> {
      await q('class_rules')
        .insert({
          id: true,
          days_ahead: rules.daysAhead,
          free_cancel_hours: rules.freeCancelHours,
          weekly_limit: rules.weeklyLimit,
        })
        .onConflict('id')
        .merge();
    },

    /** The disciplines a plan covers, with its weekly limit (null: the rules' default). */
    async planCoverage(q: Knex, idPlan: number) {
      const rows: { discipline: ClassDiscipline; weekly_limit: number | null }[] = await q('plan_disciplines')
        .where({ id_plan: idPlan })
        .select('discipline', 'weekly_limit');
      return rows;
    },

    async plansCoverage(q: Knex) {
      const rows: {
        id_plan: number;
        nombre_plan: string;
        discipline: ClassDiscipline | null;
        weekly_limit: number | null;
      }[] = await q({ p: 'plans' })
        .leftJoin({ d: 'plan_disciplines' }, 'd.id_plan', 'p.id_plan')
        .select('p.id_plan', 'p.nombre_plan', 'd.discipline', 'd.weekly_limit')
        .orderBy(['p.id_plan', 'd.discipline']);
      return rows;
    },

    async setPlanCoverage(q: Knex, idPlan: number, disciplines: ClassDiscipline[], weeklyLimit: number | null) {
      await q('plan_disciplines').where({ id_plan: idPlan }).delete();
      if (disciplines.length)
        await q('plan_disciplines').insert(
          disciplines.map((discipline) => ({ id_plan: idPlan, discipline, weekly_limit: weeklyLimit })),
        );
    },

    async slots(q: Knex): Promise<ClassSlot[]> {
      const rows: {
        id: number;
        discipline: ClassDiscipline;
        weekday: number;
        starts: string;
        ends: string;
        room: string;
        capacity: number;
        trainer_id: number | null;
        coach: string | null;
        active: boolean;
      }[] = await q({ sl: 'class_slots' })
        .leftJoin({ t: 'trainers' }, 't.id', 'sl.trainer_id')
        .select(
          'sl.id',
          'sl.discipline',
          'sl.weekday',
          q.raw(`to_char(sl.starts, 'HH24:MI') AS starts`),
          q.raw(`to_char(sl.ends, 'HH24:MI') AS ends`),
          'sl.room',
          'sl.capacity',
          'sl.trainer_id',
          't.nombre AS coach',
          'sl.active',
        )
        .orderBy(['sl.discipline', 'sl.weekday', 'sl.starts']);
      return rows.map((r) => ({
        id: r.id,
        discipline: r.discipline,
        weekday: r.weekday,
        starts: r.starts,
        ends: r.ends,
        room: r.room,
        capacity: r.capacity,
        trainerId: r.trainer_id,
        coach: r.coach,
        active: r.active,
      }));
    },

    async slot(q: Knex, id: number, options: { lock?: boolean } = {}) {
      const query = q('class_slots').where({ id }).first();
      if (options.lock) query.forUpdate();
      return query as Promise<Record<string, unknown> | undefined>;
    },

    async insertSlot(q: Knex, row: Record<string, unknown>): Promise<number> {
      const [inserted] = await q('class_slots').insert(row, ['id']);
      return (inserted as { id: number }).id;
    },

    async updateSlot(q: Knex, id: number, row: Record<string, unknown>): Promise<void> {
      await q('class_slots').where({ id }).update(row);
    },

    /** A slot's sessions still to come, for a change of capacity or a slot taken out of the timetable. */
    async futureSessions(q: Knex, slotId: number, after: Date): Promise<{ id: string; capacity: number }[]> {
      return q('class_sessions')
        .where({ slot_id: slotId, status: 'programada' })
        .where('starts_at', '>', after)
        .orderBy('starts_at')
        .forUpdate()
        .select('id', 'capacity');
    },

    async setCapacity(q: Knex, sessionId: string, capacity: number): Promise<void> {
      await q('class_sessions').where({ id: sessionId }).update({ capacity });
    },

    /** Future sessions of a slot taken out with nobody booked go; booked ones stay for the desk to suspend. */
    async dropEmptyFutureSessions(q: Knex, slotId: number, after: Date): Promise<void> {
      await q('class_sessions')
        .where({ slot_id: slotId })
        .where('starts_at', '>', after)
        .whereNotExists(q('class_bookings').whereRaw('class_bookings.session_id = class_sessions.id'))
        .delete();
    },

    trainerExists: async (q: Knex, id: number) => Boolean(await q('trainers').where({ id }).first('id')),
    trainerName: async (q: Knex, id: number | null | undefined): Promise<string | null> =>
      id == null
        ? null
        : (((await q('trainers').where({ id }).first('nombre')) as { nombre: string } | undefined)?.nombre ?? null),
    trainers: (q: Knex): Promise<{ id: number; nombre: string }[]> =>
      q('trainers').select('id', 'nombre').orderBy('nombre'),
    planExists: async (q: Knex, idPlan: number) =>
      (await q('plans').where({ id_plan: idPlan }).first('id_plan', 'nombre_plan')) as
        { id_plan: number; nombre_plan: string } | undefined,
  };
}

export type ClassesRepository = ReturnType<typeof createClassesRepository>;
