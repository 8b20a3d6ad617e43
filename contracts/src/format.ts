const WHOLE = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const CENTAVOS = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 });

/**
 * Every price a person reads, one way: es-AR pesos, centavos only when there are some
 * ("$ 12.500", "$ 2.100,50"). The space after "$" is a no-break space, as Intl writes it.
 */
export function formatPrice(value: number): string {
  return (Number.isInteger(value) ? WHOLE : CENTAVOS).format(value);
}

const INSTANT = { dateStyle: 'short', timeZone: 'America/Argentina/Tucuman', hourCycle: 'h23' } as const;
const TO_MINUTE = new Intl.DateTimeFormat('es-AR', { ...INSTANT, timeStyle: 'short' });
const TO_SECOND = new Intl.DateTimeFormat('es-AR', { ...INSTANT, timeStyle: 'medium' });

/**
 * Every instant a person reads, one way: es-AR, in Tucumán, 24-hour ("1/3/26, 16:30"), whatever
 * the browser's own zone or ICU default; `seconds` for the audit trail. Absent reads "—".
 */
export function formatInstant(iso: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!iso) return '—';
  return (options.seconds ? TO_SECOND : TO_MINUTE).format(new Date(iso));
}
