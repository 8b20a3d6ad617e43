import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { createDatabase, migrationSource } from '@gym/db';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';

/**
 * Upgrades rehearsed (issue 31): each kept release's database (test/fixtures/release-<commit>.sql.gz,
 * made by scripts/ops/release-fixture.sh from that release's own migrations and demo seed, with
 * its owner account) restored on the PostgreSQL server, brought up to date by `migrate.ts latest`
 * as compose's migrate service runs it, then started as production starts. Every table the release
 * had keeps every row, each product's stock is spread over its variants, and ADMIN_EMAIL is the owner.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'test/fixtures');
const server = process.env.DATABASE_URL;
const releases = fs.readdirSync(FIXTURES).filter((f) => /^release-[0-9a-f]{7}\.sql\.gz$/.test(f));
// The fixtures' own account (scripts/ops/release-fixture.sh).
const OWNER = { email: 'duenia@gym.test', password: 'Release2026' };

/** Tables a migration replaced on purpose, and why nothing of value went with them. */
const REPLACED: Record<string, string> = {
  throttle_events: 'rate-limit events of the last minutes, replaced by throttle_counters (0008_throttle_counters)',
  mail_retries: 'refused mails kept to try again, each moved into message_outbox (0040_mail_outbox)',
};

async function tableRows(db: Knex): Promise<Record<string, number>> {
  const { rows } = await db.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const counts: Record<string, number> = {};
  for (const { tablename } of rows as { tablename: string }[])
    counts[tablename] = Number((await db.raw(`SELECT count(*) AS n FROM "${tablename}"`)).rows[0].n);
  return counts;
}

(server ? describe.each(releases) : describe.skip.each(releases))('upgrading the database of %s', (fixture) => {
  const name = `gym_test_upgrade_${randomBytes(4).toString('hex')}`;
  const url = new URL(server ?? 'postgres://x@127.0.0.1/x');
  url.pathname = `/${name}`;
  let admin: Knex;

  beforeAll(async () => {
    admin = knexFactory({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    execFileSync('sh', [
      '-c',
      `gunzip -c "$0" | psql -XAtq -v ON_ERROR_STOP=1 "$1" >/dev/null`,
      path.join(FIXTURES, fixture),
      url.toString(),
    ]);
  });
  afterAll(async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  });

  test('migrate latest and a production start keep every row, spread the stock and make the owner', async () => {
    let db = createDatabase({ url: url.toString() });
    const before = await tableRows(db);
    const hasStockColumn =
      (await db.raw("SELECT 1 FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'stock'"))
        .rows.length === 1;
    const stockBefore: { id: string; stock: number }[] = hasStockColumn
      ? (await db.raw('SELECT id, stock FROM products ORDER BY id')).rows
      : (await db.raw('SELECT product_id AS id, sum(stock)::int AS stock FROM product_variants GROUP BY 1 ORDER BY 1'))
          .rows;
    await db.destroy();
    expect(before.products).toBeGreaterThan(0);

    // As compose's one-shot migrate service: the CLI, with only the connection in its environment.
    const out = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(__dirname, 'migrate.ts'), 'latest'], {
      env: { PATH: process.env.PATH, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    });
    expect(out).toMatch(/^(Migraciones aplicadas \(lote \d+\): |El esquema ya estaba al día\.)/);

    // As production starts: no migrations of its own, no demo data, the owner from ADMIN_EMAIL.
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      STAFF_CODE: 'rel2026ab',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SITE_URL: 'https://gym.test',
      MEMBER_QR_SECRET: 'upgrade-test-qr-secret-0123456789abcdef',
      STATIC_DIR: '/nonexistent',
      PASSWORD_HASH_LOG_N: '12',
    });
    db = createDatabase({ url: url.toString() });
    try {
      expect(await prepareDatabase(db, config, createPasswordHasher(12))).toEqual({ seeded: false });
      const after = await tableRows(db);
      // Every table of the release is still there with every row; the upgrade only adds.
      for (const [table, rows] of Object.entries(before)) {
        if (table === 'knex_migrations') expect(after[table]).toBeGreaterThanOrEqual(rows);
        else if (table in REPLACED) expect(after[table]).toBeUndefined();
        else expect([table, after[table]]).toEqual([table, rows]);
      }
      // The release's migrations ran under dated names: each is recorded once, under its number now.
      const recorded = (await db.raw('SELECT name FROM knex_migrations ORDER BY name')).rows as { name: string }[];
      expect(recorded.map((row) => row.name)).toEqual(await migrationSource.getMigrations([]));
      const variants: { id: string; stock: number }[] = (
        await db.raw('SELECT product_id AS id, sum(stock)::int AS stock FROM product_variants GROUP BY 1 ORDER BY 1')
      ).rows;
      const withStock = stockBefore.filter((p) => p.stock > 0);
      expect(variants.filter((p) => p.stock > 0)).toEqual(withStock);
      expect(await db('accounts').where({ email: OWNER.email }).first('role', 'activo')).toEqual({
        role: 'dueno',
        activo: true,
      });

      const app = createApp({
        db,
        logger: createLogger({ level: 'silent', pretty: false }),
        config: { ...config, cookieSecure: false },
      });
      const staff = request.agent(app);
      await staff.post('/v1/user/login').send(OWNER).expect(200);
      const list = await staff.get('/v1/obtenerlistadeusuarios').expect(200);
      expect(list.body).toHaveLength(before.clients!);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
