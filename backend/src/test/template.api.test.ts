import type { Knex } from 'knex';
import request from 'supertest';
import { prepareDatabase } from '../bootstrap';
import { createPasswordHasher } from '../modules/accounts/password';
import { createTestApp, TEST_ADMIN } from './test-app';
import { TEST_HASH_LOG_N, testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Per table its row count, and the rows that do not carry random ids or clock times. */
async function contents(db: Knex) {
  const { rows } = (await db.raw(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: table } of rows) counts[table] = Number((await db(table).count({ n: '*' }).first())!.n);
  return {
    counts,
    migrations: await db('knex_migrations').orderBy('name').pluck('name'),
    accounts: await db('accounts').orderBy('email').select('email', 'name', 'role'),
    products: await db('products').orderBy('nombre').select('nombre', 'precio_centavos', 'categoria'),
    memberships: await db('memberships').orderBy('id_usuario').select('id_usuario', 'paid_until', 'apto_vence'),
  };
}

describe("the test databases copy one template of the run's migrations and demo seed", () => {
  let fresh: TestDatabase;
  let copy: TestDatabase;
  beforeAll(async () => {
    [fresh, copy] = await Promise.all([createTestDatabase(), createTestDatabase({ fromTemplate: true })]);
  });
  afterAll(async () => {
    await Promise.all([fresh?.drop(), copy?.drop()]);
  });

  test('a copy holds what a first boot writes into an empty database, and booting on it finds nothing to do', async () => {
    expect(copy.fromTemplate).toBe(true);
    const config = testConfig();
    const hasher = createPasswordHasher(TEST_HASH_LOG_N);
    await expect(prepareDatabase(fresh.db, config, hasher)).resolves.toEqual({ seeded: true });
    expect(await contents(copy.db)).toEqual(await contents(fresh.db));
    await expect(prepareDatabase(copy.db, config, hasher)).resolves.toEqual({ seeded: false });
  });
});

describe('createTestApp on the template keeps what its options change', () => {
  test.each([
    ['a hasher of its own', { hasher: createPasswordHasher(13) }],
    ['another PASSWORD_HASH_LOG_N', { env: { PASSWORD_HASH_LOG_N: '13' } }],
  ])('%s: the staff password is stored at that cost, and the login works', async (_, options) => {
    const t = await createTestApp(options);
    try {
      const { password_hash: stored } = await t.db('accounts').where({ email: TEST_ADMIN.email }).first();
      expect(stored).toMatch(/^scrypt\$13\$/);
      await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    } finally {
      await t.close();
    }
  });

  test('another ADMIN_EMAIL, or SEED_DEMO=false, boots an empty database for real', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL: 'otra@prueba.test', SEED_DEMO: 'false' } });
    try {
      expect(await t.db('accounts').pluck('email')).toEqual(['otra@prueba.test']);
      expect(Number((await t.db('products').count({ n: '*' }).first())!.n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
