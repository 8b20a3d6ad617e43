import { addDays, addMonths, daysBetween, formatDate, formatDayMonth, type IsoDate } from './membership-dates';

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

/** A cell a spreadsheet would run as a formula starts with ' instead. */
const CSV_FORMULA = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (CSV_FORMULA.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV that a Spanish Excel opens right: UTF-8 with BOM, ';' between cells, CRLF lines. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** An Argentine mobile number as WhatsApp wants it: 54 9 + area code + number, no 0 nor 15. */
export function whatsappNumber(celular: number | string): string | null {
  let digits = String(celular).replace(/\D/g, '');
  if (digits.startsWith('549')) digits = digits.slice(3);
  else if (digits.startsWith('54')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  // 0381 15 512-3401: the "15" after a 3-digit area code marks a mobile in the old way of dialling.
  if (digits.length === 12 && digits.slice(3, 5) === '15') digits = digits.slice(0, 3) + digits.slice(5);
  return digits.length === 10 ? `549${digits}` : null;
}

export const whatsappLink = (celular: number | string, text: string): string | null => {
  const number = whatsappNumber(celular);
  return number && `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
};

export interface ReminderValues {
  nombre: string;
  plan: string;
  vence: IsoDate | null;
}

/** Fills {nombre}, {plan}, {vence} (dd/mm) and {fecha} (dd/mm/aaaa); other braces stay as written. */
export function renderTemplate(template: string, values: ReminderValues): string {
  const firstName = values.nombre.trim().split(/\s+/)[0] ?? values.nombre;
  const map: Record<string, string> = {
    nombre: firstName,
    plan: values.plan,
    vence: values.vence ? formatDayMonth(values.vence) : '',
    fecha: formatDate(values.vence),
  };
  return template.replace(/\{(nombre|plan|vence|fecha)\}/g, (_m, key: string) => map[key] ?? '');
}

/**
 * What every reminder adds after its (editable) template: the member's own account, where they
 * see their plan and payments and, when the gym takes Mercado Pago, renew online.
 */
export function reminderPortalLine(portalUrl: string, online: boolean): string {
  return online
    ? `Renová online con Mercado Pago (tarjeta, débito o dinero en cuenta) desde tu cuenta: ${portalUrl}`
    : `Tu plan y tus pagos, en tu cuenta: ${portalUrl}`;
}
