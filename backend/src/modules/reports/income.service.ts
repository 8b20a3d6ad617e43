import { CLOSING_METHODS, emptyIncome, type ClosingMethod, type PeriodIncome } from '@gym/contracts/reports';
import type { IncomeRepository } from './income.repository';

/** A month's income, and its cuotas by plan (Reportes' second chart). */
export interface MonthIncome extends PeriodIncome {
  /** 'aaaa-mm'. */
  mes: string;
  cuotasPorPlan: Map<number, number>;
}

const isMethod = (m: string): m is ClosingMethod => (CLOSING_METHODS as readonly string[]).includes(m);

/**
 * The one definition of income (issue 40): the panel's "ingresos del mes", Reportes, and the
 * accountant's export's totals all read it here, by method and by source (cuotas, tienda).
 */
export function createIncomeService(repo: IncomeRepository) {
  return {
    /** Each month's income ('aaaa-mm'), in the order asked for. */
    async months(meses: string[]): Promise<MonthIncome[]> {
      const rows = await repo.months(meses.map((mes) => `${mes}-01`));
      const byMonth = new Map(
        meses.map((mes) => [mes, { ...emptyIncome(), mes, cuotasPorPlan: new Map<number, number>() }]),
      );
      for (const r of rows) {
        const month = byMonth.get(r.month.slice(0, 7));
        if (!month || !isMethod(r.method)) continue;
        if (r.kind === 'cuota') {
          month.porMetodo[r.method].cuotas += r.monto;
          month.cuotas += r.monto;
          const plan = Number(r.item);
          month.cuotasPorPlan.set(plan, (month.cuotasPorPlan.get(plan) ?? 0) + r.monto);
        } else {
          month.porMetodo[r.method].tienda += r.monto;
          month.tienda += r.monto;
        }
        month.total += r.monto;
      }
      return meses.map((mes) => byMonth.get(mes)!);
    },

    /** Active members today (ACTIVE_MEMBERS_DEFINITION): the panel's figure and Reportes' today. */
    activeMembers: (today: string) => repo.activeMembers(today),
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
