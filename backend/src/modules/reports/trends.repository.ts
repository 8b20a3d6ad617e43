import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';

/** The months: their first days ('aaaa-mm-dd', Tucumán's calendar), then the day after the last one. */
export interface MonthBounds {
  days: string[];
}

/** The first day of the first month, and the day after the last. */
const span = (b: MonthBounds) => ({ firstDay: b.days[0]!, endDay: b.days.at(-1)! });

/** One aggregated row: the month's index (0 = the oldest), a key, and a sum or count. */
export interface MonthRow<K extends string = string> {
  i: number;
  key: K;
  value: number;
}

/**
 * `width_bucket` numbers a value by the bounds it falls between (1 for the first month): one range
 * read and one GROUP BY answer all twelve months, with month boundaries in Tucumán, not UTC.
 */
const rows = <K extends string>(result: { rows: { i: number; key: K; value: number }[] }) =>
  result.rows.map((r) => ({ i: r.i - 1, key: r.key, value: r.value }));

/** The reports' SQL aggregates (issue 30, part 2), read from the tables and indexes of migration 0026_reports. */
export function createTrendsRepository(db: Knex) {
  return {
    async planNames(): Promise<Map<number, string>> {
      const plans: { id_plan: number; nombre_plan: string }[] = await db('plans').select('id_plan', 'nombre_plan');
      return new Map(plans.map((p) => [p.id_plan, p.nombre_plan]));
    },

    /** Members on each day: spans (membership_spans) covering it, counted in one pass over the spans. */
    async activeOn(days: string[]): Promise<number[]> {
      const counts = days.map(
        (_, i) => `count(*) FILTER (WHERE started_on <= ?::date AND ended_on >= ?::date) AS d${i}`,
      );
      const result = await db.raw(`SELECT ${counts.join(', ')} FROM membership_spans WHERE ended_on >= ?::date`, [
        ...days.flatMap((d) => [d, d]),
        days.reduce((a, b) => (a < b ? a : b)),
      ]);
      const row = result.rows[0] as Record<string, number>;
      return days.map((_, i) => row[`d${i}`]!);
    },

    /** Spans that start in each month: members who start paying with no cuota in the 30 days before. */
    async starts(b: MonthBounds): Promise<MonthRow[]> {
      const { firstDay, endDay } = span(b);
      return rows(
        await db.raw(
          `SELECT width_bucket(started_on, ?::date[]) AS i, 'altas' AS key, count(*) AS value
           FROM membership_spans WHERE started_on >= ? AND started_on < ?
           GROUP BY 1`,
          [b.days, firstDay, endDay],
        ),
      );
    },

    /**
     * Spans whose first day without cuota (the day after the end) falls in each month, if they ended
     * on or before `lastEnd` (later ones may still be renewed within their 30 days).
     */
    async ends(b: MonthBounds, lastEnd: string): Promise<MonthRow[]> {
      const { firstDay, endDay } = span(b);
      return rows(
        await db.raw(
          `SELECT width_bucket(ended_on + 1, ?::date[]) AS i, 'bajas' AS key, count(*) AS value
           FROM membership_spans WHERE ended_on >= ?::date - 1 AND ended_on < ?::date - 1 AND ended_on <= ?
           GROUP BY 1`,
          [b.days, firstDay, endDay, lastEnd],
        ),
      );
    },

    /** Check-ins let through (repeats aside) between two instants, by ISO weekday (1 lunes … 7 domingo) and hour in Tucumán (stored with each). */
    async checkins(from: Date, to: Date): Promise<{ weekday: number; hour: number; value: number }[]> {
      const result = await db.raw(
        `SELECT local_weekday AS weekday, local_hour AS hour, count(*) AS value
         FROM checkins WHERE allowed AND NOT is_repeat AND at >= ? AND at < ?
         GROUP BY 1, 2`,
        [from, to],
      );
      return result.rows as { weekday: number; hour: number; value: number }[];
    },

    /**
     * Units and amounts per month of the `top` products that sold most (by amount) over the months,
     * ranked 1 to `top`, and of all the rest together as rank `top + 1`: at most (top + 1) × 12 rows.
     */
    async bestSellers(
      b: MonthBounds,
      top: number,
    ): Promise<{ i: number; rank: number; nombre: string | null; unidades: number; monto: Centavos }[]> {
      const { firstDay, endDay } = span(b);
      const result = await db.raw(
        `WITH sales AS (
           SELECT width_bucket(month, ?::date[]) AS i, item, nombre, unidades, monto
           FROM report_months WHERE kind = 'producto' AND month >= ? AND month < ?
         ), ranked AS (
           SELECT item, max(nombre) AS nombre, row_number() OVER (ORDER BY sum(monto) DESC, max(nombre), item) AS rank
           FROM sales GROUP BY item HAVING sum(unidades) <> 0 OR sum(monto) <> 0
         )
         SELECT s.i, least(r.rank, ?) AS rank, CASE WHEN r.rank < ? THEN r.nombre END AS nombre,
           sum(s.unidades)::bigint AS unidades, sum(s.monto)::bigint AS monto
         FROM sales s JOIN ranked r USING (item)
         GROUP BY 1, 2, 3`,
        [b.days, firstDay, endDay, top + 1, top + 1],
      );
      return result.rows.map(
        (r: { i: number; rank: number; nombre: string | null; unidades: number; monto: number }) => ({
          i: r.i - 1,
          rank: r.rank,
          nombre: r.nombre,
          unidades: r.unidades,
          monto: centavos(r.monto),
        }),
      );
    },
  };
}

export type TrendsRepository = ReturnType<typeof createTrendsRepository>;
