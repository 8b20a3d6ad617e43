/**
 * Money is integer centavos wherever it is stored or computed: prices, subtotals, totals, payments.
 * Pesos appear only at the edges the spec shows (its `precio` and `total` JSON, the forms' inputs)
 * and when a person reads an amount (format-money.ts). Centavos stay whole numbers (far below
 * 2^53), so sums and products are exact; the only rounding is reading pesos typed or sent with at
 * most two decimals.
 *
 * `Centavos` is branded: a plain number (pesos from the JSON, a count, a row's column) is not one
 * until it goes through `centavos` (a whole number read from the database or a request that names
 * its unit) or `toCentavos` (pesos). Sums and products stay centavos through `plus`, `minus`,
 * `times` and `sumOf`; comparing and formatting take them as the numbers they are.
 */
export type Centavos = number & { readonly __unit: 'centavos' };

/** A whole number of centavos (a column, a `…Centavos` field); anything else is a bug, and throws. */
export function centavos(amount: number): Centavos {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of centavos: ${amount}`);
  return amount as Centavos;
}

export const ZERO = 0 as Centavos;

/** Pesos as the spec's JSON and the forms carry them, in centavos: 1234.5 is 123450. */
export const toCentavos = (pesos: number): Centavos => Math.round(pesos * 100) as Centavos;

/** Pesos with at most two decimals (a form's or the JSON's amount), so toCentavos is exact. */
export const hasWholeCentavos = (pesos: number): boolean => Math.abs(pesos * 100 - Math.round(pesos * 100)) < 1e-6;

/** Centavos as the spec's JSON shows pesos: 123450 is 1234.5. */
export const toPesos = (amount: Centavos): number => amount / 100;

export const plus = (a: Centavos, b: Centavos): Centavos => (a + b) as Centavos;

export const minus = (a: Centavos, b: Centavos): Centavos => (a - b) as Centavos;

/** `count` times an amount (units of a line, months of a plan): a whole count keeps it whole. */
export const times = (amount: Centavos, count: number): Centavos => centavos(amount * count);

/** How much, whatever the sign (a difference "faltan $ 100" says the sign in words). */
export const absolute = (amount: Centavos): Centavos => Math.abs(amount) as Centavos;

export const sumOf = (amounts: readonly Centavos[]): Centavos => amounts.reduce(plus, ZERO);
