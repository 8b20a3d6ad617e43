import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';

/** One month's income row: a source ('cuota' by plan, 'pedido'), a method, and its sum in centavos. */
export interface IncomeRow {
  /** The month's first day, 'aaaa-mm-dd' (Tucumán's calendar). */
  month: string;
  kind: 'cuota' | 'pedido';
  method: string;
  /** The plan's id for a cuota, '' for an order. */
  item: string;
  monto: Centavos;
}

/**
 * Income and active members, each read in one place (issue 40). Income comes from report_months,
 * which triggers keep as payments are recorded or voided and orders are paid or cancelled (migration
 * 0026_reports): the same rows the accountant's export lists, summed per Tucumán month.
 */
export function createIncomeRepository(db: Knex) {
  return {
    async months(firstDays: string[]): Promise<IncomeRow[]> {
      const result = await db.raw(
        `SELECT month::text AS month, kind, method, item, sum(monto)::bigint AS monto
         FROM report_months WHERE kind IN ('cuota', 'pedido') AND month = ANY(?::date[])
         GROUP BY 1, 2, 3, 4`,
        [firstDays],
      );
      return (result.rows as (Omit<IncomeRow, 'monto'> & { monto: number })[]).map((r) => ({
        ...r,
        monto: centavos(r.monto),
      }));
    },

    /** Clients not archived, with no pause under way, whose cuota is paid until `today` or later. */
    async activeMembers(today: string): Promise<number> {
      const row = await db({ c: 'clients' })
        .join({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .leftJoin({ p: 'membership_pauses' }, (j) => j.on('p.id_usuario', 'c.id_usuario').andOnNull('p.ended_on'))
        .whereNull('c.archived_at')
        .whereNull('p.id')
        .where('m.paid_until', '>=', today)
        .count<{ n: number }[]>({ n: '*' })
        .first();
      return row?.n ?? 0;
    },
  };
}

export type IncomeRepository = ReturnType<typeof createIncomeRepository>;
