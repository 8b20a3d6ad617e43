import { CLOSING_METHODS, emptyIncome, type ClosingMethod, type PeriodIncome } from '@gym/contracts/reports';
import { plus, ZERO, type Centavos } from '@gym/contracts/money';
import type { IncomeRepository } from './income.repository';

/** A month's income, and its cuotas by plan (Reportes' second chart). */
export interface MonthIncome extends PeriodIncome {
  /** 'aaaa-mm'. */
  mes: string;
  cuotasPorPlan: Map<number, Centavos>;
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
        meses.map((mes) => [mes, { ...emptyIncome(), mes, cuotasPorPlan: new Map<number, Centavos>() }]),
      );
      for (const r of rows) {
        const month = byMonth.get(r.month.slice(0, 7));
        if (!month || !isMethod(r.method)) continue;
        if (r.kind === 'cuota') {
          const byMethod = month.porMetodo[r.method];
          byMethod.cuotasCentavos = plus(byMethod.cuotasCentavos, r.monto);
          month.cuotasCentavos = plus(month.cuotasCentavos, r.monto);
          const plan = Number(r.item);
          month.cuotasPorPlan.set(plan, plus(month.cuotasPorPlan.get(plan) ?? ZERO, r.monto));
        } else {
          const byMethod = month.porMetodo[r.method];
          byMethod.tiendaCentavos = plus(byMethod.tiendaCentavos, r.monto);
          month.tiendaCentavos = plus(month.tiendaCentavos, r.monto);
        }
        month.totalCentavos = plus(month.totalCentavos, r.monto);
      }
      return meses.map((mes) => byMonth.get(mes)!);
    },

    /** Active members today (ACTIVE_MEMBERS_DEFINITION): the panel's figure and Reportes' today. */
    activeMembers: (today: string) => repo.activeMembers(today),
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
