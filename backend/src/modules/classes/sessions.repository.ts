import type { Knex } from 'knex';
import { GYM_TIME_ZONE, type IsoDate } from '@gym/contracts/membership-dates';
import type { ClassDiscipline, ClassSession } from '@gym/contracts/classes';

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
  trainer_id: number | null;
  capacity: number;
  status: 'programada' | 'cancelada';
  cancel_reason: string | null;
  booked: number;
  waiting: number;
}

/** A session for the lists, its coach named from the trainers (id → name). */
export const toSession = (r: SessionRow, coaches: ReadonlyMap<number, string>): ClassSession => ({
  id: r.id,
  discipline: r.discipline,
  day: r.day,
  starts: r.starts,
  ends: r.ends,
  startsAt: r.starts_at.toISOString(),
  room: r.room,
  coach: r.trainer_id === null ? null : (coaches.get(r.trainer_id) ?? null),
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
export const hourAt = (q: Knex, column: string, alias: string) =>
  q.raw(`to_char(${column} AT TIME ZONE '${GYM_TIME_ZONE}', 'HH24:MI') AS ${alias}`);

/** A slot on a date: its places, its state (held or suspended) and, for the lists, its counts. */
export function createSessionsRepository(q: Knex) {
  const sessions = () =>
    q({ s: 'class_sessions' })
      .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
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
        'sl.trainer_id',
        's.capacity',
        's.status',
        's.cancel_reason',
        q.raw(
          `(SELECT count(*) FROM class_bookings b WHERE b.session_id = s.id AND b.status IN ('reservada', 'asistio', 'ausente')) AS booked`,
        ),
        q.raw(`(SELECT count(*) FROM class_bookings b WHERE b.session_id = s.id AND b.status = 'espera') AS waiting`),
      );

  return {
    /** Sessions of the active slots from `from` to `to` (days in Tucumán); those already there stay as they are. */
    async ensure(from: IsoDate, to: IsoDate): Promise<void> {
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

    /** The sessions of these days, in order (their coach by `trainer_id`: `toSession` names them). */
    async list(range: { from: IsoDate; to: IsoDate; disciplines?: ClassDiscipline[] }): Promise<SessionRecord[]> {
      const query = sessions().whereBetween('s.day', [range.from, range.to]).orderBy(['s.starts_at', 'sl.discipline']);
      if (range.disciplines) query.whereIn('sl.discipline', range.disciplines);
      return query;
    },

    async find(id: string): Promise<SessionRecord | undefined> {
      return sessions().where('s.id', id).first();
    },

    /**
     * A session's row, locked for the transaction: every decision about its places is taken under
     * it. Its counts are read afterwards (`placeFacts`), by a statement that sees the commits it waited for.
     */
    async lock(id: string): Promise<LockedSession | undefined> {
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

    /** A slot's sessions still to come, locked, for a change of capacity or a slot taken out of the timetable. */
    async futureOfSlot(slotId: number, after: Date): Promise<{ id: string; capacity: number }[]> {
      return q('class_sessions')
        .where({ slot_id: slotId, status: 'programada' })
        .where('starts_at', '>', after)
        .orderBy('starts_at')
        .forUpdate()
        .select('id', 'capacity');
    },

    async setCapacity(sessionId: string, capacity: number): Promise<void> {
      await q('class_sessions').where({ id: sessionId }).update({ capacity });
    },

    /** Future sessions of a slot taken out with nobody booked go; booked ones stay for the desk to suspend. */
    async dropEmptyFutureOfSlot(slotId: number, after: Date): Promise<void> {
      await q('class_sessions')
        .where({ slot_id: slotId })
        .where('starts_at', '>', after)
        .whereNotExists(q('class_bookings').whereRaw('class_bookings.session_id = class_sessions.id'))
        .delete();
    },

    /** Marks a session suspended, with the reason; its bookings are cancelled by the bookings' `cancelAll`. */
    async suspend(sessionId: string, reason: string): Promise<void> {
      await q('class_sessions').where({ id: sessionId }).update({ status: 'cancelada', cancel_reason: reason });
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
