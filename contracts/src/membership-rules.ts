import { addDays, addMonths, daysBetween, type IsoDate } from './membership-dates';

export const MEMBERSHIP_STATES = ['activa', 'por vencer', 'vencida', 'pausada'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** "Por vencer": paid-until within this many days from today (today included). */
export const EXPIRING_DAYS = 7;
/** The daily job reminds clients whose plan ends this many days from today. */
export const REMINDER_DAYS_BEFORE = 3;
/** The daily job skips a client reminded (by staff or itself, any channel) this many days back. */
export const REMINDER_QUIET_DAYS = 3;
/** An apto físico is valid this many months from its date unless another date is given. */
export const APTO_VALID_MONTHS = 12;
/**
 * The daily job tells an opted-in member by WhatsApp (`apto_por_vencer`) when their apto físico ends
 * within this many days from today (today included): a week, time enough to see a doctor.
 */
export const APTO_REMINDER_DAYS_BEFORE = 7;

/**
 * The state on `today` (a Tucumán day): an open pause wins; otherwise paid-until decides. The member
 * is covered through paid-until itself, so on that day the plan is "por vencer", the next "vencida".
 */
export function membershipState(paidUntil: IsoDate | null, paused: boolean, today: IsoDate): MembershipState | null {
  if (paused) return 'pausada';
  if (!paidUntil) return null;
  const left = daysBetween(today, paidUntil);
  if (left < 0) return 'vencida';
  return left <= EXPIRING_DAYS ? 'por vencer' : 'activa';
}

export interface PaymentPeriod {
  from: IsoDate;
  to: IsoDate;
  /** Days the payment adds to paid-until (what a void takes back). */
  days: number;
  /** The day of the month renewals fall on from now on. */
  cycleDay: number;
}

/**
 * What a payment of `months` covers. A current membership (paid-until today or later) is extended
 * from paid-until on its cycle day; a lapsed or new one starts again today, which becomes its cycle day.
 */
export function paymentPeriod(
  current: { paidUntil: IsoDate | null; cycleDay: number | null },
  months: number,
  today: IsoDate,
): PaymentPeriod {
  if (current.paidUntil && current.paidUntil >= today) {
    const cycleDay = current.cycleDay ?? Number(current.paidUntil.slice(8));
    const to = addMonths(current.paidUntil, months, cycleDay);
    return { from: addDays(current.paidUntil, 1), to, days: daysBetween(current.paidUntil, to), cycleDay };
  }
  const to = addMonths(today, months);
  return { from: today, to, days: daysBetween(addDays(today, -1), to), cycleDay: Number(today.slice(8)) };
}

/** Paid-until after resuming a pause that started on `startedOn`: every paused day is given back. */
export const pausedDays = (startedOn: IsoDate, today: IsoDate) => Math.max(0, daysBetween(startedOn, today));

export const aptoValidUntil = (fecha: IsoDate) => addMonths(fecha, APTO_VALID_MONTHS);
export const aptoIsValid = (validUntil: IsoDate | null, today: IsoDate) => !!validUntil && validUntil >= today;
