import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createDatabase } from '@gym/db';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';
import { runJobOnce } from './jobs/jobs';
import { backupAlertsJob } from './modules/operations';
import type { OutgoingMail } from './shared/mailer';
import { TEST_ADMIN, manualClock } from './test/test-app';
import { TEST_HASH_LOG_N, testConfig } from './test/test-config';

/**
 * Point-in-time recovery (issue 31) on a real PostgreSQL server with archiving on: a cluster of its
 * own (initdb), WAL pushed by archive_command to a pgBackRest repository on disk (encrypted, as in
 * production), two payments, the database lost, and scripts/backup/restore-pitr.sh back to a moment
 * between them. Needs pgbackrest and PostgreSQL's server binaries: CI sets REQUIRE_PITR=1 so a
 * missing tool fails rather than skips.
 */
const SCRIPTS = path.resolve(__dirname, '../../scripts/backup');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const bindir = ['17', '16', '15', '14']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => fs.existsSync(path.join(dir, 'initdb')));
// Runs in the suite's pass on the PostgreSQL server (DATABASE_URL), once, not again on PGlite.
const server = Boolean(process.env.DATABASE_URL);
const ready = server && has('pgbackrest') && bindir !== undefined;
if (server && process.env.REQUIRE_PITR === '1' && !ready)
  throw new Error('REQUIRE_PITR=1 but pgbackrest or PostgreSQL server binaries (initdb) are missing');

/** PostgreSQL and pgBackRest refuse to run as root: as root, each command runs as the postgres user. */
const asPostgres = process.getuid?.() === 0;
function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const [file, argv] = asPostgres
    ? ['runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), cmd, ...args]]
    : [cmd, args];
  return execFileSync(file, argv, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

(ready ? describe : describe.skip)(
  'point-in-time recovery: two payments, the database lost, back to between them',
  () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-pitr-'));
    const data = path.join(root, 'data');
    const conf = path.join(root, 'pgbackrest.conf');
    const pg = (name: string) => path.join(bindir!, name);
    let port = 0;
    const env = () => ({ PGBACKREST_CONFIG: conf, PGBACKREST_STANZA: 'gym' });
    const start = () =>
      sh(pg('pg_ctl'), ['-D', data, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start'], env());

    beforeAll(async () => {
      port = await freePort();
      for (const dir of ['repo', 'log', 'lock', 'spool']) fs.mkdirSync(path.join(root, dir));
      fs.writeFileSync(
        conf,
        [
          '[global]',
          `repo1-path=${root}/repo`,
          'repo1-retention-full=2',
          'repo1-cipher-type=aes-256-cbc',
          `repo1-cipher-pass=${randomBytes(24).toString('base64url')}`,
          `log-path=${root}/log`,
          `lock-path=${root}/lock`,
          `spool-path=${root}/spool`,
          'log-level-console=warn',
          'start-fast=y',
          'archive-timeout=30',
          '[gym]',
          `pg1-path=${data}`,
          `pg1-port=${port}`,
          `pg1-socket-path=${root}`,
          '',
        ].join('\n'),
      );
      if (asPostgres) execFileSync('chown', ['-R', 'postgres:postgres', root]);
      fs.chmodSync(root, 0o755);
      sh(pg('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
      fs.appendFileSync(
        path.join(data, 'postgresql.conf'),
        [
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${root}'`,
          'wal_level = replica',
          'archive_mode = on',
          `archive_command = 'pgbackrest --config=${conf} --stanza=gym archive-push %p'`,
          'archive_timeout = 60',
          '',
        ].join('\n'),
      );
      start();
      sh('pgbackrest', ['stanza-create'], env());
    }, 120_000);

    afterAll(() => {
      spawnSync(
        asPostgres ? 'runuser' : pg('pg_ctl'),
        asPostgres
          ? ['-u', 'postgres', '--', pg('pg_ctl'), '-D', data, '-m', 'immediate', 'stop']
          : ['-D', data, '-m', 'immediate', 'stop'],
      );
      fs.rmSync(root, { recursive: true, force: true });
    });

    test('restore-pitr.sh to a moment between two payments finds exactly the first', async () => {
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const config = testConfig();
      let db = createDatabase({ url });
      const idUsuario = 'pitr-1';
      let between: string;
      try {
        await prepareDatabase(db, config, createPasswordHasher(TEST_HASH_LOG_N));
        // The nightly base backup, then a day of the desk's work archived as it happens.
        sh('pgbackrest', ['--type=full', 'backup'], env());
        const app = createApp({ db, logger: createLogger({ level: 'silent', pretty: false }), config });
        const staff = request.agent(app);
        await staff.post('/v1/user/login').send(TEST_ADMIN).expect(200);
        await staff
          .post('/v1/agregarusuario')
          .send({ idUsuario, nombre: 'Socia', edad: 30, correo: 'socia@correo.com', celular: 3815550101, plan: 1 })
          .expect(201);
        await staff
          .post(`/v1/memberships/${idUsuario}/payments`)
          .send({ method: 'efectivo', note: 'primer pago' })
          .expect(201);
        // Real time must pass on PostgreSQL's own clock (no fake one there): the target is a second clear of each commit.
        await new Promise((r) => setTimeout(r, 1100));
        between = (
          await db.raw("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS t")
        ).rows[0].t;
        await new Promise((r) => setTimeout(r, 1100));
        await staff
          .post(`/v1/memberships/${idUsuario}/payments`)
          .send({ method: 'transferencia', note: 'segundo pago' })
          .expect(201);
        expect(await db('membership_payments').where({ id_usuario: idUsuario }).count({ n: '*' }).first()).toEqual({
          n: 2,
        });
      } finally {
        await db.destroy();
      }
      // Every WAL segment up to now in the repository (check switches the segment and waits for it).
      sh('pgbackrest', ['check'], env());

      // The machine dies: the server stops hard and its data directory is gone.
      sh(pg('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      fs.rmSync(data, { recursive: true, force: true });
      fs.mkdirSync(data, { mode: 0o700 });
      if (asPostgres) execFileSync('chown', ['postgres:postgres', data]);

      const out = sh(path.join(SCRIPTS, 'restore-pitr.sh'), [`${between}+00`], env());
      expect(out).toContain(`restore-pitr: restoring to ${between}+00`);
      start();
      db = createDatabase({ url });
      try {
        const rows = await db('membership_payments').where({ id_usuario: idUsuario }).select('note', 'method');
        expect(rows).toEqual([{ note: 'primer pago', method: 'efectivo' }]);
        // Promoted at the target: the database takes writes again.
        const recovering = async () => (await db.raw('SELECT pg_is_in_recovery() AS r')).rows[0].r as boolean;
        for (let i = 0; i < 60 && (await recovering()); i++) await new Promise((r) => setTimeout(r, 500));
        expect(await recovering()).toBe(false);
      } finally {
        await db.destroy();
      }
    }, 180_000);

    test('an archive that stops working is recorded and e-mailed to the owner once', async () => {
      const db = createDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
      try {
        await db.raw("ALTER SYSTEM SET archive_command = 'false'");
        await db.raw('SELECT pg_reload_conf()');
        await db.raw('CREATE TABLE IF NOT EXISTS wal_filler AS SELECT 1 AS n');
        await db.raw('SELECT pg_switch_wal()');
        const failed = async () =>
          Number((await db.raw('SELECT failed_count FROM pg_stat_archiver')).rows[0].failed_count);
        for (let i = 0; i < 60 && (await failed()) === 0; i++) await new Promise((r) => setTimeout(r, 500));
        expect(await failed()).toBeGreaterThan(0);

        const sent: OutgoingMail[] = [];
        const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
        const ctx = { db, logger: createLogger({ level: 'silent', pretty: false }), clock: manualClock(), mailer };
        await runJobOnce(backupAlertsJob, ctx, { force: true });
        await runJobOnce(backupAlertsJob, ctx, { force: true });
        const rows = await db('backup_runs').where({ kind: 'archive' }).select('ok', 'error');
        expect(rows).toEqual([
          {
            ok: false,
            error: expect.stringMatching(
              /^PostgreSQL no pudo archivar [0-9A-F]{24} \((?:1 intento fallido|(?!1 )\d+ intentos fallidos) en total\)$/,
            ),
          },
        ]);
        expect(sent.map((m) => [m.to.address, m.subject])).toEqual([
          [TEST_ADMIN.email, 'Falló un respaldo de la base'],
        ]);
        expect(sent[0]!.text).toContain('- El archivo continuo de la base (WAL) falló el ');
      } finally {
        await db.raw('ALTER SYSTEM RESET archive_command').catch(() => undefined);
        await db.raw('SELECT pg_reload_conf()').catch(() => undefined);
        await db.destroy();
      }
    }, 60_000);
  },
);
