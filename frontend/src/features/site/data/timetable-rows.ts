import type { PublicSlot } from '@gym/contracts/classes';
import type { TimetableRow } from './disciplines';

/** The timetable's columns as weekdays (ISO: 1 Monday): Mon–Tue, Wed–Thu, Fri–Sat. */
const COLUMNS = [
  [1, 2],
  [3, 4],
  [5, 6],
] as const;

/**
 * The rows a class page shows, from the stored slots: one row per hour the discipline runs, a cell
 * with the hour when either day of the column has it, "—" otherwise. The rows keep the names of the
 * page's own timetable while there are as many (Turno 1…, Mañana…), else they are numbered.
 */
export function timetableRows(
  slots: readonly PublicSlot[],
  discipline: string,
  named: readonly TimetableRow[],
): TimetableRow[] {
  const mine = slots.filter((s) => s.discipline === discipline);
  const hours = [...new Set(mine.map((s) => `${s.starts}-${s.ends}`))].sort();
  return hours.map((hour, i) => ({
    label: hours.length === named.length ? named[i]!.label : `Turno ${i + 1}`,
    hours: COLUMNS.map((days) =>
      mine.some((s) => `${s.starts}-${s.ends}` === hour && (days as readonly number[]).includes(s.weekday))
        ? hour
        : '—',
    ) as unknown as TimetableRow['hours'],
  }));
}
