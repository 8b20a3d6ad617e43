/**
 * One reading of PostgreSQL's wide numbers for both drivers. `pg` hands int8 (bigint columns,
 * count(*), sum() of integers) and numeric (sum() of bigint, avg(), round()) to JavaScript as
 * strings, PGlite int8 as numbers and numeric as strings: every repository converted with
 * Number(…) and typed its rows `string | number`. Both drivers now parse them here, into numbers.
 *
 * Money is whole centavos in bigint columns (ADR 0008): an int8 or a whole numeric beyond
 * Number.MAX_SAFE_INTEGER would be rounded, so it throws instead of losing a centavo silently.
 * A numeric with a fraction (avg(), round(…, 1)) becomes the nearest double: no money is a fraction.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

function unsafe(type: string, text: string): Error {
  return new RangeError(`${type} ${text} is beyond JavaScript's safe integers: read it as text (::text)`);
}

export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw unsafe('int8', text);
  return n;
}

export function parseNumeric(text: string): number {
  const n = Number(text);
  // NaN and ±Infinity are numerics too: kept as JavaScript's own.
  if (!Number.isFinite(n)) {
    if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') return n;
    throw unsafe('numeric', text);
  }
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER) throw unsafe('numeric', text);
  return n;
}

/** For PGlite's `parsers` option. */
export const pgliteParsers = { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric };
