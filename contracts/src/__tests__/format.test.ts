import { agreeing, countOf, formatPrice } from '../format';
import { classMessages, placesText } from '../classes';
import { formatDay, formatInstant } from '../format-dates';
import { PRICE_BUCKETS, priceBucketLabel } from '../catalog';

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
    ['2026-03-01T19:30:00.000Z', {}, '01/03/2026 16:30'],
    ['2026-11-20T13:30:00.000Z', {}, '20/11/2026 10:30'],
    ['2026-03-01T02:05:09.000Z', {}, '28/02/2026 23:05'],
    ['2026-03-01T02:05:09.000Z', { seconds: true }, '28/02/2026 23:05:09'],
    ['2026-01-01T03:00:00.000Z', {}, '01/01/2026 00:00'],
    [null, {}, '—'],
  ] as const)('%s %o reads %s (Tucumán, 24-hour)', (iso, options, expected) => {
    expect(formatInstant(iso, options)).toBe(expected);
  });
});

describe('days, one way', () => {
  test.each([
    ['2026-03-05', '05/03/2026'],
    ['2026-11-20', '20/11/2026'],
    [null, '—'],
    ['', '—'],
    ['ayer', '—'],
  ])('%s reads %s', (iso, expected) => {
    expect(formatDay(iso)).toBe(expected);
  });
});

describe('counts agree in number', () => {
  test.each([
    [0, 'producto', 'productos', '0 productos'],
    [1, 'producto', 'productos', '1 producto'],
    [2, 'producto', 'productos', '2 productos'],
    [1, 'cliente', 'clientes', '1 cliente'],
    [1, 'unidad', 'unidades', '1 unidad'],
    [3, 'mes', 'meses', '3 meses'],
    [1500, 'socio', 'socios', '1.500 socios'],
    [1, 'cancelación tardía', 'cancelaciones tardías', '1 cancelación tardía'],
  ])('countOf(%i, %s, %s) is "%s"', (n, one, many, expected) => {
    expect(countOf(n, one, many)).toBe(expected);
  });

  test('a class’s places agree with the total: "1 de 1 lugar", "2 de 10 lugares"', () => {
    expect(placesText(1, 1)).toBe('1 de 1 lugar');
    expect(placesText(0, 1)).toBe('0 de 1 lugar');
    expect(placesText(2, 10)).toBe('2 de 10 lugares');
    expect(placesText(1200, 1500)).toBe('1.200 de 1.500 lugares');
  });

  test('messages built from counts agree too', () => {
    expect(classMessages.notOpenYet(1)).toBe('Las reservas abren 1 día antes de la clase');
    expect(classMessages.weeklyLimit(1)).toBe('Llegaste al máximo de 1 clase por semana de tu plan');
    expect(classMessages.lateCancelled(1)).toBe(
      'Cancelaste el lugar. Como faltaban menos de 1 hora, cuenta como cancelación tardía.',
    );
    expect(classMessages.daySuspended(1, 1)).toBe('Se suspendió 1 clase. Avisamos por e-mail a 1 persona.');
    expect(classMessages.daySuspended(3, 2)).toBe('Se suspendieron 3 clases. Avisamos por e-mail a 2 personas.');
  });

  test('the word alone agrees too: "queda 1", "quedan 2"', () => {
    expect(`${agreeing(1, 'queda', 'quedan')} 1`).toBe('queda 1');
    expect(`${agreeing(2, 'queda', 'quedan')} 2`).toBe('quedan 2');
  });
});
