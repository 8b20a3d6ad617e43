import { GYM_TIME_ZONE, formatDate } from './membership-dates';

// Apart from format.ts: the shop's pages format prices and counts, only staff screens dates, and a
// module's top-level Intl formatters travel with it into whichever chunk imports it.

const INSTANT = {
  timeZone: GYM_TIME_ZONE,
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
