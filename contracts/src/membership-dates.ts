import { TZDate } from '@date-fns/tz';

/**
 * Day dates of the gym (paid-until, pauses, apto físico) as 'YYYY-MM-DD' strings.
 *
 * Which day it is, and when a day starts, depend on the gym's time zone: @date-fns/tz answers both
 * from the runtime's time-zone data, so a change of Argentina's rules is a data update, not a code
 * change. Counting days and months from one date to another does not (a date has no zone): that
 * arithmetic is done on the calendar alone, as UTC dates, where every day has 24 hours.
 */
export const GYM_TIME_ZONE = 'America/Argentina/Tucuman';
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDate = string;

const two = (n: number) => String(n).padStart(2, '0');
const toUtc = (date: IsoDate): number => {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Fecha inválida: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};
const fromUtc = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

/** The calendar day it is in the gym's zone at the instant `now`. */
export function tucumanToday(now: Date): IsoDate {
  const there = new TZDate(now.getTime(), GYM_TIME_ZONE);
  return `${there.getFullYear()}-${two(there.getMonth() + 1)}-${two(there.getDate())}`;
}

/** The instant a day starts (00:00) in the gym's zone. */
export function tucumanDayStart(date: IsoDate): Date {
  const day = new Date(toUtc(date));
  return new Date(new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), GYM_TIME_ZONE).getTime());
}

export const addDays = (date: IsoDate, days: number): IsoDate => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * `months` calendar months after `date`, on `anchorDay` (default: the date's own day), moved back to
 * the month's last day when the month is shorter: 31/01 + 1 = 28/02 (29/02 in a leap year), and with
 * anchor 31, 28/02 + 1 = 31/03, so renewals do not drift towards the start of the month.
 */
export function addMonths(date: IsoDate, months: number, anchorDay?: number): IsoDate {
  const d = new Date(toUtc(date));
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const day = Math.min(anchorDay ?? d.getUTCDate(), daysInMonth(year, monthIndex));
  return fromUtc(Date.UTC(year, monthIndex, day));
}

/** dd/mm/aaaa, as people in Argentina write a date. */
export function formatDate(date: IsoDate | null | undefined): string {
  if (!date || !ISO_DATE.test(date)) return '';
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** dd/mm, for short texts such as reminders. */
export const formatDayMonth = (date: IsoDate): string => formatDate(date).slice(0, 5);

/** The first and last day of the Tucumán month `offset` months from the one `today` is in. */
export function monthRange(today: IsoDate, offset = 0): { from: IsoDate; to: IsoDate } {
  const from = addMonths(`${today.slice(0, 8)}01`, offset);
  return { from, to: addDays(addMonths(from, 1), -1) };
}
