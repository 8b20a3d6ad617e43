import { formatDate } from './membership-dates';

const WHOLE = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const CENTAVOS = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 });

/**
 * Every price a person reads, one way: es-AR pesos, centavos only when there are some
 * ("$ 12.500", "$ 2.100,50"). The space after "$" is a no-break space, as Intl writes it.
 */
export function formatPrice(value: number): string {
  return (Number.isInteger(value) ? WHOLE : CENTAVOS).format(value);
}

const INSTANT = {
  timeZone: 'America/Argentina/Tucuman',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
const TO_MINUTE = new Intl.DateTimeFormat('es-AR', INSTANT);
const TO_SECOND = new Intl.DateTimeFormat('es-AR', { ...INSTANT, second: '2-digit' });

/**
 * Every instant a person reads, one way: dd/mm/aaaa hh:mm in Tucumán, 24-hour ("20/11/2026 10:30"),
 * whatever the browser's own zone or ICU default; `seconds` for the audit trail. Absent reads "—".
 * Built from the parts, so no ICU version can slip a comma or a one-digit day in.
 */
export function formatInstant(iso: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!iso) return '—';
  const parts = Object.fromEntries(
    (options.seconds ? TO_SECOND : TO_MINUTE).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ''}`;
  return `${parts.day}/${parts.month}/${parts.year} ${time}`;
}

/** A day (paid-until, apto físico, a class's date) as dd/mm/aaaa in a table cell; absent reads "—". */
export const formatDay = (date: string | null | undefined): string => formatDate(date) || '—';

/**
 * Every count a person reads, in agreement: countOf(1, 'producto', 'productos') is "1 producto",
 * countOf(2, …) "2 productos", countOf(0, …) "0 productos". The words come whole (also verbs:
 * countOf(1, 'queda', 'quedan') is "1 queda"; use `agreeing` for "queda 1").
 */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${agreeing(n, one, many)}`;
}

/** The word alone that agrees with `n`: agreeing(1, 'queda', 'quedan') is "queda". */
export function agreeing(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
