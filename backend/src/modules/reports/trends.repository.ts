import type { Knex } from 'knex';

/** The months' bounds: `starts[i]` is month i's first instant in Tucumán, the last one the end. */
export interface MonthBounds {
  starts: Date[];
  /** The months' first days ('aaaa-mm-dd'), and the day after the last month. */
  days: string[];
}

/** The first instant and day of the first month, and of the month after the last. */
const span = (b: MonthBounds) => ({
  from: b.starts[0]!,
  to: b.starts.at(-1)!,
  firstDay: b.days[0]!,
  endDay: b.days.at(-1)!,
});

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
const rows = <K extends string>(result: { rows: { i: number | string; key: K; value: number | string }[] }) =>
  result.rows.map((r) => ({ i: Number(r.i) - 1, key: r.key, value: Number(r.value) }));

/** The reports' SQL aggregates (issue 30, part 2), each served by an index of 20261228000001. */
export function createTrendsRepository(db: Knex) {
  return {
    /** Membership payments that stand, by month, method and plan. */
    async paymentsByMethodAndPlan(b: MonthBounds): Promise<(MonthRow & { idPlan: number })[]> {
      const result = await db.raw(
        `SELECT width_bucket(created_at, ?::timestamptz[]) AS i, method AS key, id_plan,
           sum(amount_centavos)::bigint AS value
         FROM membership_payments
         WHERE voided_at IS NULL AND created_at >= ? AND created_at < ?
         GROUP BY 1, 2, 3`,
        [b.starts, span(b).from, span(b).to],
      );
      return result.rows.map((r: { i: number; key: string; id_plan: number; value: string }) => ({
        i: Number(r.i) - 1,
        key: r.key,
        idPlan: Number(r.id_plan),
        value: Number(r.value),
      }));
    },

    /** Shop orders paid in the month and not cancelled, by method. */
    async ordersByMethod(b: MonthBounds): Promise<MonthRow[]> {
      return rows(
        await db.raw(
          `SELECT width_bucket(pagado_at, ?::timestamptz[]) AS i, pago AS key, sum(total_centavos)::bigint AS value
           FROM orders
           WHERE pagado_at >= ? AND pagado_at < ? AND estado <> 'cancelado'
           GROUP BY 1, 2`,
          [b.starts, span(b).from, span(b).to],
        ),
      );
    },

    async planNames(): Promise<Map<number, string>> {
      const plans: { id_plan: number; nombre_plan: string }[] = await db('plans').select('id_plan', 'nombre_plan');
      return new Map(plans.map((p) => [Number(p.id_plan), p.nombre_plan]));
    },

    /** Distinct members with a standing paid period covering each day. */
    async activeOn(days: string[]): Promise<number[]> {
      const result = await db.raw(
        `SELECT d.i, (SELECT count(DISTINCT p.id_usuario) FROM membership_payments p
           WHERE p.voided_at IS NULL AND p.period_to >= d.day AND p.period_from <= d.day) AS value
         FROM unnest(?::date[]) WITH ORDINALITY AS d(day, i)
         ORDER BY d.i`,
        [days],
      );
      return result.rows.map((r: { value: string | number }) => Number(r.value));
    },

    /** Members whose paid period starts in the month with no standing period in the 30 days before. */
    async starts(b: MonthBounds): Promise<MonthRow[]> {
      return rows(
        await db.raw(
          `SELECT width_bucket(p.period_from, ?::date[]) AS i, 'altas' AS key, count(DISTINCT p.id_usuario) AS value
           FROM membership_payments p
           WHERE p.voided_at IS NULL AND p.period_from >= ? AND p.period_from < ?
             AND NOT EXISTS (SELECT 1 FROM membership_payments q
               WHERE q.id_usuario = p.id_usuario AND q.voided_at IS NULL AND q.period_to >= p.period_from - 31
                 AND (q.period_from < p.period_from OR q.period_from = p.period_from AND q.id < p.id))
           GROUP BY 1`,
          [b.days, span(b).firstDay, span(b).endDay],
        ),
      );
    },

    /**
     * Members whose paid period ends in the month (on or before `lastEnd`, 31 days ago: later ones
     * can still be renewed) with no standing period reaching into the 30 days after it.
     */
    async ends(b: MonthBounds, lastEnd: string): Promise<MonthRow[]> {
      return rows(
        await db.raw(
          `SELECT width_bucket(p.period_to, ?::date[]) AS i, 'bajas' AS key, count(DISTINCT p.id_usuario) AS value
           FROM membership_payments p
           WHERE p.voided_at IS NULL AND p.period_to >= ? AND p.period_to < ? AND p.period_to <= ?
             AND NOT EXISTS (SELECT 1 FROM membership_payments q
               WHERE q.id_usuario = p.id_usuario AND q.voided_at IS NULL AND q.period_to > p.period_to
                 AND q.period_from <= p.period_to + 31)
           GROUP BY 1`,
          [b.days, span(b).firstDay, span(b).endDay, lastEnd],
        ),
      );
    },

    /** Check-ins let through between two instants, by ISO weekday (1 lunes … 7 domingo) and hour in Tucumán. */
    async checkins(from: Date, to: Date): Promise<{ weekday: number; hour: number; value: number }[]> {
      const result = await db.raw(
        `SELECT extract(isodow FROM local)::int AS weekday, extract(hour FROM local)::int AS hour, count(*) AS value
         FROM (SELECT at AT TIME ZONE 'America/Argentina/Tucuman' AS local FROM checkins
               WHERE allowed AND at >= ? AND at < ?) c
         GROUP BY 1, 2`,
        [from, to],
      );
      return result.rows.map((r: { weekday: number; hour: number; value: string }) => ({
        weekday: Number(r.weekday),
        hour: Number(r.hour),
        value: Number(r.value),
      }));
    },

    /** Units and amounts of each product in orders paid in the month and not cancelled. */
    async productSales(
      b: MonthBounds,
    ): Promise<{ i: number; productId: string; nombre: string; unidades: number; monto: number }[]> {
      const result = await db.raw(
        `SELECT width_bucket(o.pagado_at, ?::timestamptz[]) AS i, l.product_id, max(l.nombre) AS nombre,
           sum(l.cantidad)::bigint AS unidades, sum(l.subtotal_centavos)::bigint AS monto
         FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.pagado_at >= ? AND o.pagado_at < ? AND o.estado <> 'cancelado'
         GROUP BY 1, 2`,
        [b.starts, span(b).from, span(b).to],
      );
      return result.rows.map(
        (r: { i: number; product_id: string; nombre: string; unidades: string; monto: string }) => ({
          i: Number(r.i) - 1,
          productId: r.product_id,
          nombre: r.nombre,
          unidades: Number(r.unidades),
          monto: Number(r.monto),
        }),
      );
    },
  };
}

export type TrendsRepository = ReturnType<typeof createTrendsRepository>;
