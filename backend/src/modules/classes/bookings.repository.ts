import type { Knex } from 'knex';
import { DEFAULT_CLASS_RULES, type BookingStatus, type ClassDiscipline, type ClassRules } from '@gym/contracts/classes';
import type { IsoDate } from '@gym/contracts/membership-dates';
import { HOLDING, hourAt } from './sessions.repository';

/** The first key of a member's booking lock (the door's is 4101; two-key locks never meet the jobs' one-key ones). */
const BOOKING_LOCK = 4102;

/** A booking of a session as stored; the client's name comes from the clients' module. */
export interface BookingRow {
  id: string;
  sessionId: string;
  idUsuario: string;
  status: BookingStatus;
  position: number | null;
  lateCancel: boolean;
  createdAt: string;
}

/** A place held in a class: whose, which discipline, at what hour ("19:00"). */
export interface HeldPlace {
  id: string;
  idUsuario: string;
  discipline: ClassDiscipline;
  starts: string;
}

/** Places in sessions and the waiting list, in the order of `seq`. */
export function createBookingsRepository(q: Knex) {
  return {
    /**
     * Holds the member's bookings for the transaction: two of their bookings at once take turns, so
     * the weekly limit counts the first before deciding the second.
     */
    async lockMember(idUsuario: string): Promise<void> {
      await q.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [BOOKING_LOCK, idUsuario]);
    },

    /**
     * Under the session's lock, in one statement: the rules, whether the plan covers the discipline
     * (and its weekly limit), whether the client already holds or waits for a place, their bookings
     * that week, and the places held and waiting.
     */
    async placeFacts(f: {
      sessionId: string;
      idUsuario: string;
      plan: number;
      discipline: ClassDiscipline;
      week: [IsoDate, IsoDate];
    }) {
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

    /** A session's bookings: holding first, then the waiting in order (with their position), then the cancelled. */
    async ofSession(sessionId: string): Promise<BookingRow[]> {
      const rows: {
        id: string;
        session_id: string;
        id_usuario: string;
        status: BookingStatus;
        late_cancel: boolean;
        created_at: Date;
        position: number | null;
      }[] = await q({ b: 'class_bookings' })
        .where('b.session_id', sessionId)
        .select(
          'b.id',
          'b.session_id',
          'b.id_usuario',
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
        status: r.status,
        position: r.position,
        lateCancel: r.late_cancel,
        createdAt: r.created_at.toISOString(),
      }));
    },

    /** The member's bookings (not cancelled) of these sessions, with the waiting position. */
    async mine(idUsuario: string, sessionIds: string[]) {
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
      return rows.map((r) => ({ id: r.id, sessionId: r.session_id, status: r.status, position: r.position }));
    },

    async find(id: string, options: { lock?: boolean } = {}) {
      const query = q('class_bookings').where({ id }).first('id', 'session_id', 'id_usuario', 'status', 'seq');
      if (options.lock) query.forUpdate();
      return (await query) as
        { id: string; session_id: string; id_usuario: string; status: BookingStatus; seq: number } | undefined;
    },

    async held(sessionId: string): Promise<number> {
      const row = await q('class_bookings')
        .where({ session_id: sessionId })
        .whereIn('status', HOLDING)
        .count<{ n: number }[]>({ n: '*' })
        .first();
      return row?.n ?? 0;
    },

    async insert(row: {
      session_id: string;
      id_usuario: string;
      status: 'reservada' | 'espera';
      booked_by: 'socio' | 'recepcion';
      created_at: Date;
    }): Promise<{ id: string; seq: number }> {
      const [inserted] = await q('class_bookings').insert(row, ['id', 'seq']);
      return inserted as { id: string; seq: number };
    },

    async cancel(id: string, at: Date, late: boolean): Promise<void> {
      await q('class_bookings').where({ id }).update({ status: 'cancelada', cancelled_at: at, late_cancel: late });
    },

    async setStatus(id: string, status: BookingStatus): Promise<void> {
      await q('class_bookings').where({ id }).update({ status });
    },

    /** Gives the free places to the first waiting, in order; returns who got one. */
    async promote(sessionId: string, free: number, at: Date): Promise<{ id: string; id_usuario: string }[]> {
      if (free <= 0) return [];
      const { rows } = await q.raw<{ rows: { id: string; id_usuario: string }[] }>(
        `UPDATE class_bookings SET status = 'reservada', promoted_at = ?
         WHERE id IN (SELECT id FROM class_bookings WHERE session_id = ? AND status = 'espera' ORDER BY seq LIMIT ?)
         RETURNING id, id_usuario`,
        [at, sessionId, free],
      );
      return rows;
    },

    /**
     * The places held (`reservada`) in the classes of `day` that are not suspended, with the class
     * and its hour in Tucumán: the evening reminder (`clase_de_manana`).
     */
    async heldOn(day: IsoDate): Promise<HeldPlace[]> {
      const rows: { id: string; id_usuario: string; discipline: ClassDiscipline; starts: string }[] = await q({
        b: 'class_bookings',
      })
        .join({ s: 'class_sessions' }, 's.id', 'b.session_id')
        .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
        .where({ 's.day': day, 's.status': 'programada', 'b.status': 'reservada' })
        .orderBy(['s.starts_at', 'b.seq'])
        .select('b.id', 'b.id_usuario', 'sl.discipline', hourAt(q, 's.starts_at', 'starts'));
      return rows.map((r) => ({ id: r.id, idUsuario: r.id_usuario, discipline: r.discipline, starts: r.starts }));
    },

    /** A suspended session's places and waiting bookings, cancelled (never late). Returns whose. */
    async cancelAll(sessionId: string, at: Date): Promise<string[]> {
      const rows: { id_usuario: string }[] = await q('class_bookings')
        .where({ session_id: sessionId })
        .whereIn('status', ['reservada', 'espera'])
        .update({ status: 'cancelada', cancelled_at: at, late_cancel: false }, ['id_usuario']);
      return rows.map((r) => r.id_usuario);
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
