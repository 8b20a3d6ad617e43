import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { createDatabase } from '@gym/db';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';
import { TEST_ADMIN } from './test/test-app';

/** scripts/backup/backup.sh and restore.sh against the PostgreSQL server (pg_dump and pg_restore on the PATH). */
const SCRIPTS = path.resolve(__dirname, '../../scripts/backup');
const server = process.env.DATABASE_URL;
const TABLES = ['accounts', 'products', 'plans', 'clients', 'trainers', 'messages', 'knex_migrations'];

(server ? describe : describe.skip)('backups: dump, wipe, restore, and the gym works again', () => {
  let admin: Knex;
  const name = `gym_test_backup_${randomBytes(4).toString('hex')}`;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-backup-'));
  const url = new URL(server ?? 'postgres://x@127.0.0.1/x');
  url.pathname = `/${name}`;
  const pgEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: name,
    BACKUP_DIR: backupDir,
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PASSWORD_HASH_LOG_N: '12',
    STATIC_DIR: '/nonexistent',
  });
  const counts = async (db: Knex) =>
    Object.fromEntries(
      await Promise.all(
        TABLES.map(async (t) => [t, Number((await db(t).count<{ n: string }[]>({ n: '*' }).first())!.n)]),
      ),
    );
  const run = (script: string, args: string[]) =>
    execFileSync(path.join(SCRIPTS, script), args, { env: pgEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(async () => {
    admin = knexFactory({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  test('the restored database has the same rows and the staff login works', async () => {
    let db = createDatabase({ url: url.toString() });
    await prepareDatabase(db, config, createPasswordHasher(12));
    await db('messages').insert({
      user_name: 'Ana',
      user_email: 'ana@correo.com.ar',
      user_message: 'Hola',
      status: 'enviado',
    });
    const before = await counts(db);
    expect(before).toMatchObject({ accounts: 1, products: 27, messages: 1 });
    await db.destroy();

    expect(run('backup.sh', ['daily'])).toMatch(/^backup: .*\/daily\/gym-\d{8}T\d{6}Z\.dump \(\d+ bytes, \d+ tables\)/);
    const [dump] = fs.readdirSync(path.join(backupDir, 'daily')).filter((f) => f.endsWith('.dump'));
    const file = path.join(backupDir, 'daily', dump!);
    // Beside the dump, every table's rows in the dump's own snapshot: what the drill compares against.
    const countsFile = file.replace(/\.dump$/, '.counts');
    const countsText = fs.readFileSync(countsFile, 'utf8');
    for (const line of ['accounts|1', 'audit_log|0', 'backup_runs|0']) expect(countsText.split('\n')).toContain(line);
    expect(fs.readFileSync(countsFile, 'utf8')).toMatch(/^messages\|1$/m);

    // Restoring over live data is refused: a restore only goes into an empty database.
    expect(() => run('restore.sh', [file])).toThrow(/already has \d+ tables; restore only into an empty one/);

    await admin.raw(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${name}`);
    expect(run('restore.sh', [file])).toContain('restore: done (1 staff accounts, 12 clients)');

    db = createDatabase({ url: url.toString() });
    try {
      expect(await counts(db)).toEqual(before);
      // Every table, not only those above: the restored rows are the dump's, table by table.
      const { rows: tables } = await db.raw(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      const restored: string[] = [];
      for (const { tablename } of tables as { tablename: string }[])
        restored.push(`${tablename}|${(await db.raw(`SELECT count(*) AS n FROM "${tablename}"`)).rows[0].n}`);
      expect(restored.join('\n') + '\n').toBe(fs.readFileSync(countsFile, 'utf8'));
      const app = createApp({ db, logger: createLogger({ level: 'silent', pretty: false }), config });
      const login = await request(app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
      expect(login.headers['set-cookie']).toBeDefined();
    } finally {
      await db.destroy();
    }
  });

  test('the drill restores the newest dump into a scratch database and finds every table as it was', async () => {
    const db = createDatabase({ url: url.toString() });
    try {
      run('backup.sh', ['manual']);
      // Written after the dump's snapshot: the drill compares with the rows when it was taken, not now.
      await db('messages').insert({
        user_name: 'Luz',
        user_email: 'luz@correo.com.ar',
        user_message: 'Hola',
        status: 'enviado',
      });
      expect(run('drill.sh', [])).toMatch(
        /^drill: manual\/gym-\d{8}T\d{6}Z\.dump restored whole: \d+ tables, \d+ rows, each as when it was taken$/m,
      );
      const runs = await db('backup_runs').orderBy('id').select('kind', 'ok', 'detail', 'error');
      expect(runs.map((r) => [r.kind, r.ok, r.error])).toEqual([
        ['dump', true, null],
        ['drill', true, null],
      ]);
      expect(runs[1].detail).toMatchObject({
        dump: expect.stringMatching(/^manual\/gym-/),
        tables: expect.any(Number),
      });
      const databases = await admin.raw('SELECT datname FROM pg_database WHERE datname = ?', [`${name}_drill`]);
      expect(databases.rows).toEqual([]);

      // A copy that does not hold what the gym had is a failed drill, with what is missing.
      const [newest] = fs.readdirSync(path.join(backupDir, 'manual')).filter((f) => f.endsWith('.counts'));
      const counts = path.join(backupDir, 'manual', newest!);
      fs.writeFileSync(counts, fs.readFileSync(counts, 'utf8').replace(/^messages\|(\d+)$/m, 'messages|7'));
      expect(() => run('drill.sh', [])).toThrow(/drill: FAILED: messages: 1 fila en la copia, 7 al respaldar/);
      const failed = await db('backup_runs').orderBy('id', 'desc').first('kind', 'ok', 'error');
      expect(failed).toEqual({ kind: 'drill', ok: false, error: 'messages: 1 fila en la copia, 7 al respaldar' });
    } finally {
      await db.destroy();
    }
  });

  test('daily dumps keep the newest BACKUP_KEEP_DAILY; a failed dump leaves no file that looks like a backup', () => {
    const dir = path.join(backupDir, 'daily');
    ['20260101T060000Z', '20260102T060000Z', '20260103T060000Z'].forEach((stamp, i) => {
      const old = path.join(dir, `gym-${stamp}.dump`);
      fs.writeFileSync(old, 'old');
      const when = new Date(Date.UTC(2026, 0, i + 1, 6));
      fs.utimesSync(old, when, when);
    });
    pgEnv.BACKUP_KEEP_DAILY = '2';
    run('backup.sh', ['daily']);
    const kept = fs.readdirSync(dir).filter((f) => f.endsWith('.dump'));
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain('gym-20260101T060000Z.dump');

    const badEnv = { ...pgEnv, PGDATABASE: 'no_such_database_here' };
    expect(() => execFileSync(path.join(SCRIPTS, 'backup.sh'), ['broken'], { env: badEnv, stdio: 'ignore' })).toThrow();
    expect(fs.readdirSync(path.join(backupDir, 'broken'))).toEqual([]);
  });
});
