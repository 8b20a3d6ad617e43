import { formatInstant, formatPrice, PRICE_BUCKETS, priceBucketLabel } from '../index';

// Intl writes a no-break space after "$"; people read it as a space.
const read = (text: string) => text.replace(/\u00a0/g, ' ');

describe('prices, one way', () => {
  test.each([
    [12500, '$ 12.500'],
    [1500, '$ 1.500'],
    [0, '$ 0'],
    [2100.5, '$ 2.100,50'],
    [999.99, '$ 999,99'],
    [1234567, '$ 1.234.567'],
  ])('%d reads %s', (value, text) => {
    expect(read(formatPrice(value))).toBe(text);
  });

  test('the price filter labels use the same format', () => {
    expect(PRICE_BUCKETS.map((start) => read(priceBucketLabel(start)))).toEqual([
      '$ 0 – $ 1.500',
      '$ 1.500 – $ 3.000',
      '$ 3.000 – $ 4.500',
      '$ 4.500 – $ 6.000',
      'Más de $ 6.000',
    ]);
  });
});

describe('instants, one way', () => {
  test.each([
    ['2026-03-01T19:30:00.000Z', {}, '1/3/26, 16:30'],
    ['2026-03-01T02:05:09.000Z', {}, '28/2/26, 23:05'],
    ['2026-03-01T02:05:09.000Z', { seconds: true }, '28/2/26, 23:05:09'],
    [null, {}, '—'],
  ] as const)('%s %o reads %s (Tucumán, 24-hour)', (iso, options, expected) => {
    expect(formatInstant(iso, options)).toBe(expected);
  });
});
