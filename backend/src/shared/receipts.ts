/** A receipt's number as printed: R-000123 (one sequence for every payment, without gaps). */
export const receiptNumber = (n: number) => `R-${String(n).padStart(6, '0')}`;

/** What a list prints for a payment without a receipt number (an order's sale, a payment from before receipts). */
export const NO_RECEIPT = '—';

/** A receipt's number as a list prints it, NO_RECEIPT when there is none. */
export const receiptLabel = (n: number | null): string => (n === null ? NO_RECEIPT : receiptNumber(n));

/**
 * The zone a receipt's date and a day's takings are counted in (SQL's `AT TIME ZONE`): the gym's,
 * the same constant the membership dates use.
 */
export { GYM_TIME_ZONE } from '@gym/contracts/membership-dates';

const UNITS = [
  '',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 0 to 999 in words; "uno" stays whole here (the caller shortens it before a noun). */
function belowThousand(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = HUNDREDS[Math.floor(n / 100)]!;
  const rest = n % 100;
  const tail = rest < 30 ? UNITS[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` y ${UNITS[rest % 10]}` : ''}`;
  return [hundreds, tail].filter(Boolean).join(' ');
}

/** "uno" before a noun ("mil", "millones", "pesos") is "un"; "veintiuno" is "veintiún". */
const beforeNoun = (words: string) => words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');

/** A whole number of pesos in Spanish words, as a receipt writes it: 1 → "un", 21000 → "veintiún mil". */
export function numberInWords(n: number): string {
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'un millón' : `${beforeNoun(numberInWords(millions))} millones`);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${beforeNoun(belowThousand(thousands))} mil`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount in centavos as a receipt says it: "veinticinco mil pesos", "un peso con 50 centavos". */
export function pesosInWords(centavos: number): string {
  const pesos = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const words = pesos === 0 ? 'cero pesos' : `${beforeNoun(numberInWords(pesos))} ${pesos === 1 ? 'peso' : 'pesos'}`;
  const withMillions = /(millón|millones)$/.test(numberInWords(pesos)) ? words.replace(/ pesos$/, ' de pesos') : words;
  return cents ? `${withMillions} con ${String(cents).padStart(2, '0')} centavos` : withMillions;
}
