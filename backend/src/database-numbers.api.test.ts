import { isPglite } from '@gym/db';
import { createTestDatabase, type TestDatabase } from './test/test-database';

/**
 * pg reads int8 and numeric as strings, PGlite int8 as numbers: db/src/numbers.ts makes both
 * drivers give numbers. Runs on PGlite, and on the server when DATABASE_URL is set.
 */
describe('both drivers read bigint, count(*) and sum() as numbers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.schema.createTable('wide_numbers', (table) => {
      table.increments('id');
      table.bigInteger('centavos').notNullable();
      table.integer('units').notNullable();
    });
    await t.db('wide_numbers').insert([
      { centavos: 1_500_000_000_00, units: 2 },
      { centavos: 250, units: 3 },
    ]);
  });
  afterAll(async () => {
    await t?.drop();
  });

  test(`count(*), a bigint column, sum() of int and of bigint, avg() (${process.env.DATABASE_URL ? 'server' : 'PGlite'})`, async () => {
    expect(isPglite(t.db)).toBe(!process.env.DATABASE_URL);
    const counted = await t.db('wide_numbers').count({ n: '*' }).first();
    expect(counted).toEqual({ n: 2 });
    const rows = await t.db('wide_numbers').orderBy('id').pluck('centavos');
    expect(rows).toEqual([1_500_000_000_00, 250]);
    const { rows: sums } = (await t.db.raw(
      `select sum(units) as units, sum(centavos) as centavos, avg(units) as average,
              round(avg(units), 1) as rounded, count(*) as n from wide_numbers`,
    )) as { rows: Record<string, unknown>[] };
    expect(sums).toEqual([{ units: 5, centavos: 1_500_000_000_00 + 250, average: 2.5, rounded: 2.5, n: 2 }]);
    for (const value of Object.values(sums[0]!)) expect(typeof value).toBe('number');
    const summed = await t.db('wide_numbers').sum({ total: 'centavos' }).first();
    expect(summed).toEqual({ total: 1_500_000_000_00 + 250 });
  });

  test('a value beyond safe integers throws rather than losing a centavo', async () => {
    await expect(t.db.raw('select 9007199254740993::bigint as n')).rejects.toThrow(/safe integers/);
    await expect(t.db.raw('select 9007199254740993::numeric as n')).rejects.toThrow(/safe integers/);
    const { rows } = (await t.db.raw('select 9007199254740993::bigint::text as n')) as { rows: { n: string }[] };
    expect(rows).toEqual([{ n: '9007199254740993' }]);
  });
});
