import { matchesPriceBucket, priceBucketRange } from '../catalog';
import { parseProductFilters, productFiltersToQuery, filterMessages } from '../product-filters';

describe('price buckets (SPEC §9)', () => {
  test.each([
    [0, 1, true],
    [0, 1500, true],
    [0, 1501, false],
    [1500, 1500, false],
    [1500, 1501, true],
    [1500, 3000, true],
    [3000, 4500, true],
    [4500, 4501, true],
    [4500, 6000, true],
    [4500, 6001, false],
    [6500, 6000, false],
    [6500, 6001, true],
    [6500, 45000, true],
  ])('bucket %i keeps price %i: %s', (bucket, price, kept) => {
    expect(matchesPriceBucket(price, bucket)).toBe(kept);
  });

  test('the last bucket has no ceiling', () => {
    expect(priceBucketRange(6500)).toEqual({ above: 6000, upTo: null });
  });
});

describe('product filters from a query string', () => {
  test('reads every filter', () => {
    const { filters, errors } = parseProductFilters({
      categoria: 'equipos',
      talle: 'm',
      color: 'rojo',
      precio: '3000',
      portada: 'true',
      q: ' banco ',
      sort: 'precio_desc',
      page: '2',
      limit: '24',
    });
    expect(errors).toEqual({});
    expect(filters).toEqual({
      categoria: 'equipos',
      talle: 'm',
      color: 'rojo',
      precio: 3000,
      portada: true,
      q: 'banco',
      sort: 'precio_desc',
      page: 2,
      limit: 24,
    });
  });

  test('"all" and empty values mean no filter (VER TODO)', () => {
    expect(parseProductFilters({ categoria: 'all', talle: 'all', color: '', precio: 'all' })).toEqual({
      filters: {},
      errors: {},
    });
  });

  test.each([
    ['categoria', 'comida'],
    ['talle', 'xxl'],
    ['color', 'verde'],
    ['precio', '100'],
    ['portada', 'si'],
    ['page', '0'],
    ['limit', '101'],
    ['q', 'x'.repeat(51)],
    ['sort', 'random'],
  ] as const)('an invalid %s is reported with its message', (key, value) => {
    expect(parseProductFilters({ [key]: value }).errors).toEqual({ [key]: filterMessages[key] });
  });

  test('an array where a value is expected is refused', () => {
    expect(parseProductFilters({ talle: ['m', 'l'] }).errors).toEqual({ talle: filterMessages.talle });
  });

  test('filters go back to a query string', () => {
    expect(productFiltersToQuery({ categoria: 'all', precio: 0, portada: false })).toEqual({
      categoria: 'all',
      precio: '0',
      portada: 'false',
    });
  });
});
