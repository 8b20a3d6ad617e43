import type { Knex } from 'knex';
import { GYM_TIME_ZONE, type IsoDate } from '@gym/contracts/membership-dates';
import type { ClientClasses, SlotOccupancy } from '@gym/contracts/classes';

/** Attendance over time: no-shows after a class, a client's record, the day's door, how full slots run. */
export function createAttendanceRepository(q: Knex) {
  return {
    /** Sessions that ended with places still only booked: their no-shows to mark. */
    async endedWithBooked(now: Date): Promise<string[]> {
      const rows: { id: string }[] = await q({ s: 'class_sessions' })
        .where('s.status', 'programada')
        .where('s.ends_at', '<=', now)
        .whereExists(q('class_bookings').whereRaw('session_id = s.id').where('status', 'reservada'))
        .orderBy('s.ends_at')
        .limit(500)
        .select('s.id');
      return rows.map((r) => r.id);
    },

    async markNoShows(sessionId: string): Promise<number> {
      return q('class_bookings').where({ session_id: sessionId, status: 'reservada' }).update({ status: 'ausente' });
    },

    async clientSummary(idUsuario: string): Promise<Omit<ClientClasses, 'dni'>> {
      const counts = (await q('class_bookings')
        .where({ id_usuario: idUsuario })
        .first(
          q.raw(`count(*) FILTER (WHERE status = 'asistio') AS asistencias`),
          q.raw(`count(*) FILTER (WHERE status = 'ausente') AS ausencias`),
          q.raw(`count(*) FILTER (WHERE late_cancel) AS tardias`),
        )) as { asistencias: number; ausencias: number; tardias: number };
      const ultimas: ClientClasses['ultimas'] = await q({ b: 'class_bookings' })
        .join({ s: 'class_sessions' }, 's.id', 'b.session_id')
        .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
        .where('b.id_usuario', idUsuario)
        .orderBy('s.starts_at', 'desc')
        .limit(10)
        .select(
          'b.id',
          'sl.discipline',
          q.raw('s.day::text AS day'),
          q.raw(`to_char(s.starts_at AT TIME ZONE '${GYM_TIME_ZONE}', 'HH24:MI') AS starts`),
          'b.status',
          'b.late_cancel AS lateCancel',
        );
      return {
        asistencias: counts.asistencias,
        ausencias: counts.ausencias,
        tardias: counts.tardias,
        ultimas,
      };
    },

    async checkinCounts(from: Date, to: Date): Promise<{ ingresos: number; rechazados: number }> {
      const row = (await q('checkins')
        .where('at', '>=', from)
        .where('at', '<', to)
        .first(
          q.raw('count(*) FILTER (WHERE allowed AND NOT is_repeat) AS ok'),
          q.raw('count(*) FILTER (WHERE NOT allowed) AS refused'),
        )) as {
        ok: number;
        refused: number;
      };
      return { ingresos: row.ok, rechazados: row.refused };
    },

    /** Per slot, the sessions held from `from` to `to` (suspended ones aside): average places held and attended. */
    async occupancy(from: IsoDate, to: IsoDate): Promise<SlotOccupancy[]> {
      const { rows } = await q.raw<{
        rows: {
          slot_id: number;
          discipline: SlotOccupancy['discipline'];
          weekday: number;
          starts: string;
          sessions: number;
          capacity: number;
          booked: number;
          attended: number;
        }[];
      }>(
        `SELECT sl.id AS slot_id, sl.discipline, sl.weekday, to_char(sl.starts, 'HH24:MI') AS starts,
                count(s.id) AS sessions, coalesce(round(avg(s.capacity), 1), sl.capacity) AS capacity,
                coalesce(round(avg(b.held), 1), 0) AS booked, coalesce(round(avg(b.came), 1), 0) AS attended
         FROM class_slots sl
         LEFT JOIN class_sessions s ON s.slot_id = sl.id AND s.status = 'programada' AND s.day BETWEEN ? AND ?
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status IN ('reservada', 'asistio', 'ausente')) AS held,
                  count(*) FILTER (WHERE status = 'asistio') AS came
           FROM class_bookings WHERE session_id = s.id
         ) b ON true
         WHERE sl.active
         GROUP BY sl.id
         ORDER BY sl.discipline, sl.weekday, sl.starts`,
        [from, to],
      );
      return rows.map((r) => ({
        slotId: r.slot_id,
        discipline: r.discipline,
        weekday: r.weekday,
        starts: r.starts,
        sessions: r.sessions,
        capacity: r.capacity,
        booked: r.booked,
        attended: r.attended,
      }));
    },
  };
}
