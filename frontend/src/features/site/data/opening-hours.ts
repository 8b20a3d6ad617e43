/** The free gym's opening hours (SPEC §2), written once: the home, /libre and the FAQ read them from here. */
export const openingHours = {
  weekdays: { from: '08:00', to: '22:00' },
  weekend: { from: '10:00', to: '21:00' },
} as const;

const range = ({ from, to }: { from: string; to: string }) => `${from}-${to}`;

/** One cell per timetable column: Mon-Tue, Wed-Thu, Fri-Sat. */
export const openingHoursColumns = [
  range(openingHours.weekdays),
  range(openingHours.weekdays),
  range(openingHours.weekend),
] as const;

export const openingHoursSentence =
  `de lunes a jueves de ${openingHours.weekdays.from} a ${openingHours.weekdays.to} ` +
  `y viernes y sábados de ${openingHours.weekend.from} a ${openingHours.weekend.to}`;
