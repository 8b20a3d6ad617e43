import type { Knex } from 'knex';
import { ATTENDANCE_WINDOW_MINUTES_BEFORE, type CheckinChannel, type CheckinEntry } from '@gym/contracts/classes';
import { GYM_TIME_ZONE, type IsoDate } from '@gym/contracts/membership-dates';

/** The first key of the door's per-member advisory lock (two-key locks never meet the jobs' one-key ones). */
const CHECKIN_LOCK = 4101;

/** The door's record: every check-in, refused ones and repeats too. */
export function createCheckinsRepository(q: Knex) {
  return {
    /**
     * The client's place today whose attendance window holds `now` (from ATTENDANCE_WINDOW_MINUTES_BEFORE
     * before the start until the end): the one a check-in marks attended. A later class stays booked.
     */
    async todaysBooking(idUsuario: string, day: IsoDate, now: Date) {
      const opensBy = new Date(now.getTime() + ATTENDANCE_WINDOW_MINUTES_BEFORE * 60_000);
      return (await q({ b: 'class_bookings' })
        .join({ s: 'class_sessions' }, 's.id', 'b.session_id')
        .join({ sl: 'class_slots' }, 'sl.id', 's.slot_id')
        .where({ 'b.id_usuario': idUsuario, 'b.status': 'reservada', 's.day': day, 's.status': 'programada' })
        .where('s.starts_at', '<=', opensBy)
        .where('s.ends_at', '>', now)
        .orderBy('s.starts_at')
        .first(
          'b.id',
          'sl.discipline',
          q.raw(`to_char(s.starts_at AT TIME ZONE '${GYM_TIME_ZONE}', 'HH24:MI') AS starts`),
        )) as { id: string; discipline: 'boxeo' | 'yoga'; starts: string } | undefined;
    },

    /**
     * The member's latest entry that counted (let in, not itself a repeat) since `since`, with the
     * member's check-ins taken in turn: of two scans of one QR at once, the second sees the first.
     */
    async lastCounted(idUsuario: string, since: Date): Promise<{ at: Date } | undefined> {
      await q.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [CHECKIN_LOCK, idUsuario]);
      return (await q('checkins')
        .where({ id_usuario: idUsuario, allowed: true, is_repeat: false })
        .where('at', '>=', since)
        .orderBy('at', 'desc')
        .first('at')) as { at: Date } | undefined;
    },

    /** Marks the booking attended if it still holds its place (a cancellation a moment ago wins). */
    async markAttended(bookingId: string): Promise<boolean> {
      return (
        (await q('class_bookings').where({ id: bookingId, status: 'reservada' }).update({ status: 'asistio' })) > 0
      );
    },

    async insert(row: {
      at: Date;
      id_usuario: string | null;
      channel: CheckinChannel;
      allowed: boolean;
      is_repeat: boolean;
      reason: string;
      booking_id: string | null;
    }): Promise<string> {
      const [inserted] = await q('checkins').insert(row, ['id']);
      return String((inserted as { id: number }).id);
    },

    async between(from: Date, to: Date): Promise<Omit<CheckinEntry, 'nombre'>[]> {
      const rows: {
        id: number;
        at: Date;
        id_usuario: string | null;
        channel: CheckinChannel;
        allowed: boolean;
        is_repeat: boolean;
        reason: string;
      }[] = await q({ k: 'checkins' })
        .where('k.at', '>=', from)
        .where('k.at', '<', to)
        .orderBy([
          { column: 'k.at', order: 'desc' },
          { column: 'k.id', order: 'desc' },
        ])
        .limit(200)
        .select('k.id', 'k.at', 'k.id_usuario', 'k.channel', 'k.allowed', 'k.is_repeat', 'k.reason');
      return rows.map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        idUsuario: r.id_usuario,
        channel: r.channel,
        allowed: r.allowed,
        repeat: r.is_repeat,
        reason: r.reason,
      }));
    },
  };
}
