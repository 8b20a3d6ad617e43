import type { Knex } from 'knex';
import { centavos, minus, plus, type Centavos } from '@gym/contracts/money';
import { CLOSING_METHODS, type CashClosing, type CashExpectation, type ClosingMethod } from '@gym/contracts/reports';

/**
 * A closing's expectation as the `expected` column has kept it since the first closing: the
 * same figures with the amounts' first names (`efectivo`, `cuotas`, `pedidos`, in centavos).
 */
interface StoredExpectation extends Omit<CashExpectation, 'porMetodo' | 'efectivoCentavos'> {
  porMetodo: Record<ClosingMethod, { cuotas: number; pedidos: number }>;
  efectivo: number;
}

const toStored = ({ porMetodo, efectivoCentavos, ...counts }: CashExpectation): StoredExpectation => ({
  ...counts,
  porMetodo: Object.fromEntries(
    CLOSING_METHODS.map((k): [ClosingMethod, { cuotas: number; pedidos: number }] => [
      k,
      { cuotas: porMetodo[k].cuotasCentavos, pedidos: porMetodo[k].pedidosCentavos },
    ]),
  ) as StoredExpectation['porMetodo'],
  efectivo: efectivoCentavos,
});

const fromStored = ({ porMetodo, efectivo, ...counts }: StoredExpectation): CashExpectation => ({
  ...counts,
  porMetodo: Object.fromEntries(
    CLOSING_METHODS.map((k) => [
      k,
      { cuotasCentavos: centavos(porMetodo[k].cuotas), pedidosCentavos: centavos(porMetodo[k].pedidos) },
    ]),
  ) as CashExpectation['porMetodo'],
  efectivoCentavos: centavos(efectivo),
});

interface ClosingRow {
  id: string;
  account_id: string;
  staff_email: string;
  staff_name: string;
  opened_at: Date;
  closed_at: Date;
  expected: StoredExpectation | string;
  counted_cash_centavos: number;
  difference_centavos: number;
  note: string | null;
}

const toClosing = (r: ClosingRow): CashClosing & { accountId: string } => ({
  id: r.id,
  accountId: r.account_id,
  staff: { email: r.staff_email, nombre: r.staff_name },
  desde: new Date(r.opened_at).toISOString(),
  hasta: new Date(r.closed_at).toISOString(),
  esperado: fromStored(typeof r.expected === 'string' ? (JSON.parse(r.expected) as StoredExpectation) : r.expected),
  contadoCentavos: centavos(r.counted_cash_centavos),
  diferenciaCentavos: centavos(r.difference_centavos),
  nota: r.note,
});

const isMethod = (m: string): m is ClosingMethod => (CLOSING_METHODS as readonly string[]).includes(m);

/** Cash closings, and the sums a closing expects, read from the payments and the audit trail. */
export function createClosingsRepository(db: Knex) {
  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    /** The account's row, locked: two closings of one person at once are made one after the other. */
    async lockAccount(trx: Knex.Transaction, accountId: string) {
      await trx('accounts').where({ id: accountId }).forUpdate().first('id');
    },

    async lastClosedAt(q: Knex, accountId: string): Promise<Date | undefined> {
      const row: { closed_at: Date } | undefined = await q('cash_closings')
        .where({ account_id: accountId })
        .orderBy('closed_at', 'desc')
        .first('closed_at');
      return row && new Date(row.closed_at);
    },

    /**
     * What one person took between `from` (excluded) and `to`: the membership payments they
     * recorded (less those voided by `to`), and the shop orders they marked paid (the audit trail
     * says who; less those cancelled by `to`, whose money went back), per method.
     */
    async expected(
      q: Knex,
      who: { accountId: string; email: string },
      from: Date,
      to: Date,
    ): Promise<Pick<CashExpectation, 'porMetodo' | 'pagos' | 'pedidos' | 'anulados'>> {
      const payments: { method: string; n: number; total: number; voided: boolean }[] = (
        await q.raw(
          `SELECT method, (voided_at IS NOT NULL AND voided_at <= :to) AS voided,
                  count(*) AS n, coalesce(sum(amount_centavos), 0) AS total
             FROM membership_payments
            WHERE recorded_by = :email AND created_at > :from AND created_at <= :to
            GROUP BY 1, 2`,
          { email: who.email, from, to },
        )
      ).rows;
      const orders: { method: string; n: number; total: number }[] = (
        await q.raw(
          `SELECT o.pago AS method, count(*) AS n, coalesce(sum(o.total_centavos), 0) AS total
             FROM audit_log l
             JOIN orders o ON o.numero = l.entity_id
            WHERE l.actor_id = :accountId AND l.entity = 'pedido' AND l.action = 'cambiar_estado'
              AND l.after->>'estado' = 'pagado' AND l.at > :from AND l.at <= :to
              AND NOT (o.estado = 'cancelado' AND o.cancelado_at <= :to)
            GROUP BY 1`,
          { accountId: who.accountId, from, to },
        )
      ).rows;
      const porMetodo = Object.fromEntries(
        CLOSING_METHODS.map((m) => [m, { cuotasCentavos: centavos(0), pedidosCentavos: centavos(0) }]),
      ) as CashExpectation['porMetodo'];
      let pagos = 0;
      let anulados = 0;
      for (const p of payments) {
        if (p.voided) {
          anulados += p.n;
          continue;
        }
        pagos += p.n;
        if (isMethod(p.method)) {
          const sums = porMetodo[p.method];
          sums.cuotasCentavos = plus(sums.cuotasCentavos, centavos(p.total));
        }
      }
      let pedidos = 0;
      for (const o of orders) {
        pedidos += o.n;
        if (isMethod(o.method)) {
          const sums = porMetodo[o.method];
          sums.pedidosCentavos = plus(sums.pedidosCentavos, centavos(o.total));
        }
      }
      return { porMetodo, pagos, pedidos, anulados };
    },

    async insert(
      trx: Knex.Transaction,
      c: {
        accountId: string;
        email: string;
        name: string;
        from: Date;
        to: Date;
        expected: CashExpectation;
        counted: Centavos;
        note: string | null;
      },
    ) {
      const [row] = await trx('cash_closings')
        .insert({
          account_id: c.accountId,
          staff_email: c.email,
          staff_name: c.name,
          opened_at: c.from,
          closed_at: c.to,
          expected: JSON.stringify(toStored(c.expected)),
          expected_cash_centavos: c.expected.efectivoCentavos,
          counted_cash_centavos: c.counted,
          difference_centavos: minus(c.counted, c.expected.efectivoCentavos),
          note: c.note,
        })
        .returning('*');
      return toClosing(row as ClosingRow);
    },

    async find(id: string) {
      const row: ClosingRow | undefined = await db('cash_closings').where({ id }).first();
      return row && toClosing(row);
    },

    /** One person's latest closings, newest first. */
    async ofAccount(accountId: string, limit = 10) {
      const rows: ClosingRow[] = await db('cash_closings')
        .where({ account_id: accountId })
        .orderBy('closed_at', 'desc')
        .limit(limit);
      return rows.map(toClosing);
    },

    /** Everyone's closings made between two instants (a day in Tucumán), in order. */
    async between(from: Date, to: Date) {
      const rows: ClosingRow[] = await db('cash_closings')
        .where('closed_at', '>=', from)
        .andWhere('closed_at', '<', to)
        .orderBy('closed_at');
      return rows.map(toClosing);
    },
  };
}

export type ClosingsRepository = ReturnType<typeof createClosingsRepository>;
