import { formatAmount, formatMoney } from '../format-money';
import { centavos, sumOf, times, toCentavos, toPesos } from '../money';

describe('money is integer centavos', () => {
  test('pesos with centavos become exact whole centavos and back', () => {
    expect([0.1, 0.29, 1234.5, 1500.01, 99999.99].map(toCentavos)).toEqual([10, 29, 123450, 150001, 9999999]);
    expect(toPesos(centavos(123450))).toBe(1234.5);
  });

  test('sums and products are exact where floats are not: 0.1 + 0.2 is 0.3, 1.1 × 3 is 3.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toPesos(sumOf([toCentavos(0.1), toCentavos(0.2)]))).toBe(0.3);
    expect(toPesos(times(toCentavos(1.1), 3))).toBe(3.3);
  });

  test('amounts read as people in Argentina write them', () => {
    expect(formatMoney(centavos(250000))).toBe('$\u00a02.500');
    expect(formatMoney(centavos(210050))).toBe('$\u00a02.100,50');
    expect(formatAmount(centavos(250000))).toBe('2.500,00');
  });
});
