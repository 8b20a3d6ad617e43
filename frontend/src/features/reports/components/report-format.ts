import { toPesos, type Centavos } from '@gym/contracts/money';

const SHORT_MONTH = new Intl.DateTimeFormat('es-AR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const LONG_MONTH = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const COUNT = new Intl.NumberFormat('es-AR');
const ONE_DECIMAL = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

const monthDate = (mes: string) => new Date(`${mes}-01T00:00:00Z`);

/** 'aaaa-mm' as a chart's axis reads it: "mar 2031". */
export const shortMonth = (mes: string) => SHORT_MONTH.format(monthDate(mes)).replace('.', '');
/** 'aaaa-mm' as a sentence reads it: "marzo de 2031". */
export const longMonth = (mes: string) => LONG_MONTH.format(monthDate(mes));
/** A count as es-AR writes it: "12.345". */
export const formatCount = (n: number) => COUNT.format(n);
/**
 * An axis's amount in centavos, short: "$ 800", "$ 8 mil", "$ 25 mil", "$ 1,2 M". Not Intl's compact
 * notation: its es-AR data writes "8 K" below ten thousand and "20 k" above, on the same axis.
 */
export function compactMoney(amount: Centavos) {
  const pesos = toPesos(amount);
  if (Math.abs(pesos) >= 1_000_000) return `$ ${ONE_DECIMAL.format(pesos / 1_000_000)} M`;
  if (Math.abs(pesos) >= 1_000) return `$ ${ONE_DECIMAL.format(pesos / 1_000)} mil`;
  return `$ ${ONE_DECIMAL.format(pesos)}`;
}

/** Colours that read apart on white and on print, one per series in order. */
export const SERIES_COLOURS = ['#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#d63384', '#6c757d', '#ffc107'];
