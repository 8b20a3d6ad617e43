import { addDays, addMonths, tucumanDayStart, tucumanToday } from '@gym/contracts/membership-dates';
import {
  CLOSING_METHODS,
  methodTotal,
  reportMessages as m,
  type AttendanceReport,
  type ClosingMethod,
  type IncomeReport,
  type MembersReport,
  type ShopReport,
} from '@gym/contracts/reports';
import { plus, sumOf, ZERO, type Centavos } from '@gym/contracts/money';
import type { Clock } from '../../clock';
import { ValidationFailed } from '../../shared/errors';
import type { IncomeService } from './income.service';
import type { MonthBounds, MonthRow, TrendsRepository } from './trends.repository';

const MONTHS = 12;
/** The shop's chart shows this many products by name, and the rest together. */
const TOP_PRODUCTS = 6;
const ATTENDANCE_DAYS = 12 * 7;

const zeros = () => Array.from({ length: MONTHS }, () => 0);
const noAmounts = () => Array.from({ length: MONTHS }, () => ZERO);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** Adds each row's value into its month of the series `key` picks. */
function spread<K extends string>(rows: MonthRow<K>[], series: (key: K) => number[] | undefined) {
  for (const r of rows) {
    const target = series(r.key);
    if (target && r.i >= 0 && r.i < MONTHS) target[r.i]! += r.value;
  }
}

/**
 * The owner's numbers over time (issue 30, part 2): twelve months ending with `hasta` (this month
 * by default), read as SQL aggregates with month boundaries in Tucumán.
 */
export function createTrendsService(repo: TrendsRepository, incomeOf: IncomeService, clock: Clock) {
  /** `hasta` ('aaaa-mm', this month when absent) may not be a month still to come. */
  function parse(until: string | undefined) {
    const today = tucumanToday(clock.now());
    const hasta = until ?? today.slice(0, 7);
    if (hasta > today.slice(0, 7)) throw new ValidationFailed(m.invalidMonth, { hasta: m.invalidMonth });
    const first = addMonths(`${hasta}-01`, 1 - MONTHS);
    const days = Array.from({ length: MONTHS + 1 }, (_, i) => addMonths(first, i));
    const bounds: MonthBounds = { days };
    return { today, bounds, meses: days.slice(0, MONTHS).map((d) => d.slice(0, 7)) };
  }

  /** Each month's income as the one income function reads it (the panel and the export read the same). */
  async function income(hasta?: string): Promise<IncomeReport> {
    const { meses } = parse(hasta);
    const [months, names] = await Promise.all([incomeOf.months(meses), repo.planNames()]);
    const porMetodoCentavos = Object.fromEntries(
      CLOSING_METHODS.map((k) => [k, months.map((month) => methodTotal(month, k))]),
    ) as Record<ClosingMethod, Centavos[]>;
    const byPlan = new Map<number, Centavos[]>();
    months.forEach((month, i) => {
      for (const [id, monto] of month.cuotasPorPlan) {
        const montos = byPlan.get(id) ?? noAmounts();
        montos[i] = plus(montos[i]!, monto);
        byPlan.set(id, montos);
      }
    });
    const porPlan = [...byPlan]
      .sort(([, a], [, b]) => sumOf(b) - sumOf(a))
      .map(([id, montosCentavos]) => ({ nombre: names.get(id) ?? `Plan ${id}`, montosCentavos }));
    const tienda = months.map((month) => month.tiendaCentavos);
    if (sumOf(tienda) > 0) porPlan.push({ nombre: m.shop, montosCentavos: tienda });
    return {
      meses,
      porMetodoCentavos,
      porPlan,
      porFuenteCentavos: { cuotas: months.map((month) => month.cuotasCentavos), tienda },
      totalCentavos: months.map((month) => month.totalCentavos),
    };
  }

  async function members(hasta?: string): Promise<MembersReport> {
    const { today, bounds, meses } = parse(hasta);
    // Each month's last day, or today for the month under way.
    const ends = meses.map((_, i) => minDay(addDays(bounds.days[i + 1]!, -1), today));
    // A span that ended on day E may still be renewed until E + 31: it is lost only after that.
    const bajasHasta = addDays(today, -32);
    const [activos, starts, endsRows, activosHoy] = await Promise.all([
      repo.activeOn(ends),
      repo.starts(bounds),
      repo.ends(bounds, bajasHasta),
      incomeOf.activeMembers(today),
    ]);
    // Today's figure is the panel's, by the one definition; closed months keep their history.
    if (ends.at(-1) === today) activos[activos.length - 1] = activosHoy;
    const altas = zeros();
    const bajas = zeros();
    spread(starts, () => altas);
    spread(endsRows, () => bajas);
    return { meses, activos, altas, bajas, bajasHasta, activosHoy };
  }

  /** The twelve weeks up to the end of `hasta` (or today): when the door gets busy. */
  async function attendance(hasta?: string): Promise<AttendanceReport> {
    const { today, bounds } = parse(hasta);
    const end = minDay(bounds.days[MONTHS]!, addDays(today, 1));
    const start = addDays(end, -ATTENDANCE_DAYS);
    const rows = await repo.checkins(tucumanDayStart(start), tucumanDayStart(end));
    const porDiaYHora = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const r of rows) porDiaYHora[r.weekday - 1]![r.hour] = r.value;
    const total = rows.reduce((t, r) => t + r.value, 0);
    return { desde: start, hasta: addDays(end, -1), porDiaYHora, total };
  }

  async function shop(hasta?: string): Promise<ShopReport> {
    const { bounds, meses } = parse(hasta);
    const byRank = new Map<number, ShopReport['productos'][number]>();
    for (const s of await repo.bestSellers(bounds, TOP_PRODUCTS)) {
      const nombre = s.rank > TOP_PRODUCTS ? m.otherProducts : (s.nombre ?? '');
      const p = byRank.get(s.rank) ?? { nombre, unidades: zeros(), montosCentavos: noAmounts() };
      p.unidades[s.i]! += s.unidades;
      p.montosCentavos[s.i] = plus(p.montosCentavos[s.i]!, s.monto);
      byRank.set(s.rank, p);
    }
    return { meses, productos: [...byRank].sort(([a], [b]) => a - b).map(([, p]) => p) };
  }

  return { income, members, attendance, shop };
}

export type TrendsService = ReturnType<typeof createTrendsService>;
