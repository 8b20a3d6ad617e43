import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { createDatabase } from '@gym/db';
import { prepareDatabase, SchemaOutdated } from './bootstrap';
import { loadConfig } from './config';
import { runMigrate } from './migrate';
import { createPasswordHasher } from './modules/accounts/password';
import { createTestApp, TEST_ADMIN } from './test/test-app';
import { createTestDatabase } from './test/test-database';

const hasher = createPasswordHasher(12);
const count = async (db: Knex, table: string) =>
  Number((await db(table).count<{ n: string }[]>({ n: '*' }).first())!.n);

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, ...env });

describe('first boot: the schema and the first staff account, demo data only when asked', () => {
  test('SEED_DEMO=false (production default): no demo product, plan or client, and the staff account logs in', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'false' } });
    try {
      for (const table of ['products', 'plans', 'clients']) expect(await count(t.db, table)).toBe(0);
      expect(await count(t.db, 'accounts')).toBe(1);
      const res = await request(t.app).get('/v1/products?page=1&limit=12').expect(200);
      expect(res.body.products).toEqual([]);
      const staff = await t.staffAgent();
      await staff.get('/v1/auth/me').expect(200);
    } finally {
      await t.close();
    }
  });

  test('a production start on a database migrate.js has not brought up to date is refused, saying what to run', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      const refusal = await prepareDatabase(db, config({ MIGRATE_ON_START: 'false' }), hasher).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(SchemaOutdated);
      expect((refusal as Error).message).toMatch(
        /El esquema de la base está desactualizado .*node backend\/dist\/migrate\.js latest/,
      );
      expect(await count(db, 'knex_migrations')).toBe(0);
      await runMigrate(db, 'latest', () => undefined);
      await expect(prepareDatabase(db, config({ MIGRATE_ON_START: 'false' }), hasher)).resolves.toEqual({
        seeded: true,
      });
    } finally {
      await drop();
    }
  });
});

describe('migrate.js: latest, status and rollback, without the statement time-out', () => {
  test('status lists what is pending, latest applies it, rollback undoes the last batch', async () => {
    const { db, drop } = await createTestDatabase();
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    try {
      await runMigrate(db, 'status', print);
      expect(lines.pop()).toMatch(/^Versión actual: none\. Pendientes: 0001_accounts/);
      await runMigrate(db, 'latest', print);
      expect(lines.pop()).toMatch(/^Migraciones aplicadas \(lote 1\): /);
      await runMigrate(db, 'latest', print);
      expect(lines.pop()).toBe('El esquema ya estaba al día.');
      await runMigrate(db, 'status', print);
      expect(lines.pop()).toMatch(/Pendientes: ninguna$/);
      await runMigrate(db, 'rollback', print);
      expect(lines.pop()).toMatch(/^Lote 1 revertido: /);
      await expect(runMigrate(db, 'sideways', print)).rejects.toThrow(
        'Uso: node backend/dist/migrate.js latest|status|rollback',
      );
    } finally {
      await drop();
    }
  });

  test('the migration connection has no statement time-out; the API pool keeps its own', async () => {
    const migrations = createDatabase({ url: 'postgres://u@127.0.0.1:1/x', statementTimeout: false });
    const api = createDatabase({ url: 'postgres://u@127.0.0.1:1/x', timeoutMs: 5000 });
    try {
      const connection = (db: Knex) => (db.client.config as { connection: Record<string, unknown> }).connection;
      expect(connection(migrations)).not.toHaveProperty('statement_timeout');
      expect(connection(migrations)).not.toHaveProperty('query_timeout');
      expect(connection(api)).toMatchObject({ statement_timeout: 5000 });
    } finally {
      await Promise.all([migrations.destroy(), api.destroy()]);
    }
  });
});

const server = process.env.DATABASE_URL;
(server ? describe : describe.skip)('three replicas starting at once on an empty PostgreSQL database', () => {
  let admin: Knex;
  let name: string;
  let url: string;
  beforeAll(async () => {
    admin = knexFactory({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
    name = `gym_test_replicas_${randomBytes(4).toString('hex')}`;
    await admin.raw(`CREATE DATABASE ${name}`);
    const u = new URL(server!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  });

  test('all three become ready: one creates the account and demo data, the others find them', async () => {
    const replicas = [1, 2, 3].map(() => createDatabase({ url, poolMax: 3 }));
    try {
      const starts = await Promise.allSettled(
        replicas.map((db) => prepareDatabase(db, config({ SEED_DEMO: 'true' }), hasher)),
      );
      expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const seeded = starts.map((s) => (s as PromiseFulfilledResult<{ seeded: boolean }>).value.seeded);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const db = replicas[0]!;
      expect(await count(db, 'accounts')).toBe(1);
      expect(await count(db, 'plans')).toBe(3);
      expect(await count(db, 'products')).toBe(27);
    } finally {
      await Promise.all(replicas.map((db) => db.destroy()));
    }
  });
});
