/**
 * Money is integer centavos wherever it is stored or computed: prices, subtotals, totals, payments.
 * Pesos appear only at the edges the spec shows (its `precio` and `total` JSON, the forms' inputs)
 * and when a person reads an amount (format-money.ts). Centavos stay whole numbers (far below
 * 2^53), so sums and products are exact; the only rounding is reading pesos typed or sent with at
 * most two decimals.
 */
export type Centavos = number;

/** Pesos as the spec's JSON and the forms carry them, in centavos: 1234.5 is 123450. */
export const toCentavos = (pesos: number): Centavos => Math.round(pesos * 100);

/** Pesos with at most two decimals (a form's or the JSON's amount), so toCentavos is exact. */
export const hasWholeCentavos = (pesos: number): boolean => Math.abs(pesos * 100 - Math.round(pesos * 100)) < 1e-6;

/** Centavos as the spec's JSON shows pesos: 123450 is 1234.5. */
export const toPesos = (amount: Centavos): number => amount / 100;

/** `count` times an amount (units of a line, months of a plan). */
export const times = (amount: Centavos, count: number): Centavos => amount * count;

export const sumOf = (amounts: readonly Centavos[]): Centavos => amounts.reduce((total, amount) => total + amount, 0);
