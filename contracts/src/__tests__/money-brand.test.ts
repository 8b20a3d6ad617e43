import { absolute, centavos, minus, plus, sumOf, times, toCentavos, toPesos, ZERO, type Centavos } from '../money';
import { formatMoney } from '../format-money';

// The `@ts-expect-error` lines are the test: `npm run typecheck` (tsc -p contracts) fails when one of
// them compiles, i.e. when Centavos takes a plain number again. Jest runs the rest.

const pesos = 1234.5;
const count = 3;

// @ts-expect-error a plain number is not centavos
const fromNumber: Centavos = 123450;
// @ts-expect-error pesos (the spec's `precio`) are not centavos
const fromPesos: Centavos = pesos;
// @ts-expect-error a count is not an amount either
formatMoney(count);
// @ts-expect-error arithmetic leaves the unit: a sum goes through plus or sumOf
const sum: Centavos = toCentavos(1) + toCentavos(2);
// @ts-expect-error pesos are not centavos when a function takes them
toPesos(pesos);

describe('Centavos is a unit the compiler checks', () => {
  test('the lines refused above are plain numbers at run time', () => {
    expect([fromNumber, fromPesos, sum]).toEqual([123450, 1234.5, 300]);
  });

  test('whole numbers read from the database or a …Centavos field become centavos', () => {
    expect(centavos(123450)).toBe(123450);
    expect(() => centavos(1234.5)).toThrow(RangeError);
    expect(() => centavos(Number.NaN)).toThrow(RangeError);
    expect(() => centavos(2 ** 53)).toThrow(RangeError);
  });

  test('sums, differences and products stay centavos', () => {
    const price = toCentavos(1.1);
    expect(plus(price, price)).toBe(220);
    expect(minus(ZERO, price)).toBe(-110);
    expect(absolute(minus(ZERO, price))).toBe(110);
    expect(times(price, count)).toBe(330);
    expect(sumOf([price, price, price])).toBe(330);
    expect(sumOf([])).toBe(ZERO);
    expect(() => times(toCentavos(0.01), 0.5)).toThrow(RangeError);
  });
});
