import type { Knex } from 'knex';
import { GYM_TIME_ZONE, type IsoDate } from '@gym/contracts/membership-dates';

/** A member's visits as the risk list compares them (check-ins that counted: let in, not repeats). */
export interface VisitFacts {
  idUsuario: string;
  /** Visits from `recentFrom` on. */
  recent: number;
  /** Visits from `beforeFrom` until `recentFrom`. */
  before: number;
  /** The Tucumán day of their last visit, null: none. */
  last: IsoDate | null;
}

/** A no-show (a booked place marked `ausente`) that still counts: of a class started after the latest lift. */
export interface NoShow {
  idUsuario: string;
  day: IsoDate;
}

/**
 * What the "Socios en riesgo" list and the no-show rule read of the door and the bookings, and the
 * desk's lifts of a block (class_booking_unblocks).
 */
export function createRetentionRepository(q: Knex) {
  const noShows = (since: IsoDate) =>
    q({ b: 'class_bookings' })
      .join({ s: 'class_sessions' }, 's.id', 'b.session_id')
      .where('b.status', 'ausente')
      .where('s.day', '>=', since)
      .whereRaw(
        `s.starts_at > coalesce((SELECT max(u.lifted_at) FROM class_booking_unblocks u WHERE u.id_usuario = b.id_usuario), '-infinity'::timestamptz)`,
      )
      .orderBy('s.day', 'desc')
      .select('b.id_usuario', q.raw(`to_char(s.day, 'YYYY-MM-DD') AS day`));

  const toNoShow = (r: { id_usuario: string; day: string }): NoShow => ({ idUsuario: r.id_usuario, day: r.day });

  return {
    /** The visits of these members: from `recentFrom`, between `beforeFrom` and it, and the last one ever. */
    async visits(ids: readonly string[], beforeFrom: Date, recentFrom: Date): Promise<VisitFacts[]> {
      if (ids.length === 0) return [];
      const { rows } = await q.raw<{
        rows: { id_usuario: string; recent: number | string; before: number | string; last: string | null }[];
      }>(
        `SELECT id_usuario,
           count(*) FILTER (WHERE at >= ?) AS recent,
           count(*) FILTER (WHERE at >= ? AND at < ?) AS before,
           to_char(max(at) AT TIME ZONE '${GYM_TIME_ZONE}', 'YYYY-MM-DD') AS last
         FROM checkins
         WHERE allowed AND NOT is_repeat AND id_usuario = ANY(?::text[])
         GROUP BY id_usuario`,
        [recentFrom, beforeFrom, recentFrom, [...ids]],
      );
      return rows.map((r) => ({
        idUsuario: r.id_usuario,
        recent: Number(r.recent),
        before: Number(r.before),
        last: r.last,
      }));
    },

    /** Every member's no-shows since `since` that still count, newest first. */
    async noShowsSince(since: IsoDate): Promise<NoShow[]> {
      return ((await noShows(since)) as { id_usuario: string; day: string }[]).map(toNoShow);
    },

    /** One member's no-shows since `since` that still count, newest first. */
    async noShowsOf(idUsuario: string, since: IsoDate): Promise<NoShow[]> {
      return ((await noShows(since).where('b.id_usuario', idUsuario)) as { id_usuario: string; day: string }[]).map(
        toNoShow,
      );
    },

    /** The desk lifted a member's block: the no-shows so far stop counting for it. */
    async insertUnblock(row: { id_usuario: string; lifted_at: Date; lifted_by: string | null }): Promise<void> {
      await q('class_booking_unblocks').insert(row);
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
