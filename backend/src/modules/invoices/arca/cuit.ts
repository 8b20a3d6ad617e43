const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** A CUIT/CUIL's check digit (mod 11 over the first ten digits), or null when none is possible (remainder 1). */
export function cuitCheckDigit(firstTen: string): number | null {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(firstTen[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  return digit === 10 ? null : digit;
}

/** Eleven digits (dashes and spaces allowed), a known type prefix and the right check digit. */
export function isValidCuit(input: string): boolean {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  if (!['20', '23', '24', '25', '26', '27', '30', '33', '34'].includes(digits.slice(0, 2))) return false;
  return cuitCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}
