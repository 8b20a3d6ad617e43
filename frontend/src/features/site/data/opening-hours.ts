import { OPENING_HOURS, openingHoursSentence } from '@gym/contracts/site';

/** The free gym's opening hours (SPEC §2), written once in contracts: the pickup hours default reads them too. */
export const openingHours = OPENING_HOURS;
export { openingHoursSentence };

const range = ({ from, to }: { from: string; to: string }) => `${from}-${to}`;

/** One cell per timetable column: Mon-Tue, Wed-Thu, Fri-Sat. */
export const openingHoursColumns = [
  range(openingHours.weekdays),
  range(openingHours.weekdays),
  range(openingHours.weekend),
] as const;
