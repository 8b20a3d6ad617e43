import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { runJobOnce, type Job } from '../../jobs/jobs';
import { createLogger } from '../../logger';
import { mailRetryJob } from '../../jobs/mail-retry';
import { mailDispatcherIdle } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, manualClock, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { testMailer } from '../../test/test-mailer';
import { backupAlertsJob, createMetricsApp } from './index';

const logger = createLogger({ level: 'silent', pretty: false });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.db('backup_runs').del());

const day = 86_400_000;
const run = (kind: string, ok: boolean, finishedAt: Date, extra: object = {}) =>
  t.db('backup_runs').insert({ kind, ok, started_at: finishedAt, finished_at: finishedAt, detail: {}, ...extra });

/** The alerts go through the outbox: sent by the dispatcher a moment after the job's run. */
const dispatched = (db: Knex, mailer: Mailer) => mailDispatcherIdle({ db, mailer, logger, clock: manualClock() });

describe('GET /v1/respaldos: the owner sees when a backup was last proved', () => {
  test('no drill yet, then a passed one, then a failure after it', async () => {
    const owner = await t.staffAgent();
    expect((await owner.get('/v1/respaldos').expect(200)).body).toEqual({
      verificado: null,
      fallido: null,
      ultimoRespaldo: null,
      ultimaBase: null,
    });
    const twoDaysAgo = new Date(Date.now() - 2 * day);
    await run('dump', true, twoDaysAgo);
    await run('drill', true, twoDaysAgo, { detail: { dump: 'daily/gym-20261123T060000Z.dump', tables: 41 } });
    const body = (await owner.get('/v1/respaldos').expect(200)).body;
    expect(body).toEqual({
      verificado: { at: twoDaysAgo.toISOString(), respaldo: 'daily/gym-20261123T060000Z.dump', tablas: 41 },
      fallido: null,
      ultimoRespaldo: twoDaysAgo.toISOString(),
      ultimaBase: null,
    });
    const now = new Date();
    await run('drill', false, now, { error: 'clients: 120 filas en la copia, 121 al respaldar' });
    expect((await owner.get('/v1/respaldos').expect(200)).body.fallido).toEqual({
      at: now.toISOString(),
      error: 'clients: 120 filas en la copia, 121 al respaldar',
    });
  });

  test('staff who are not the owner are refused', async () => {
    const { agent } = await signedInAs(t, 'recepcion');
    await agent.get('/v1/respaldos').expect(403);
    await request(t.app).get('/v1/respaldos').expect(401);
  });
});

describe('backup alerts: a failure e-mails the owner once', () => {
  test('a failed dump and drill reach the owner in one mail, and never again', async () => {
    await run('dump', false, new Date('2026-11-24T06:00:00Z'), { error: 'pg_dump: connection refused' });
    await run('drill', true, new Date('2026-11-24T06:05:00Z'));
    await run('drill', false, new Date('2026-11-24T06:10:00Z'), { error: 'la copia no se pudo restaurar' });
    const { mailer, sent } = testMailer();
    const ctx = { db: t.db, logger, clock: manualClock(), mailer };
    expect((await runJobOnce(backupAlertsJob, ctx, { force: true })).result).toEqual({ failures: 2, mailed: 1 });
    await dispatched(t.db, mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.address).toBe(TEST_ADMIN.email);
    expect(sent[0]!.subject).toBe('Fallaron 2 respaldos de la base');
    expect(sent[0]!.text).toContain(
      '- La copia diaria (pg_dump) falló el 24/11/2026 03:00: pg_dump: connection refused',
    );
    expect(sent[0]!.text).toContain(
      '- La prueba de restauración falló el 24/11/2026 03:10: la copia no se pudo restaurar',
    );
    expect((await runJobOnce(backupAlertsJob, ctx, { force: true })).result).toEqual({ failures: 0, mailed: 0 });
    await dispatched(t.db, mailer);
    expect(sent).toHaveLength(1);
  });

  test('a mail the SMTP server refuses is kept in the outbox and sent by the retry job, told once', async () => {
    await run('base', false, new Date('2026-11-24T07:00:00Z'), { error: 'repo1: unable to write' });
    const smtp = testMailer('down');
    const { mailer, sent } = smtp;
    const clock = manualClock();
    const ctx = { db: t.db, logger, clock, mailer };
    expect((await runJobOnce(backupAlertsJob, ctx, { force: true })).result).toEqual({ failures: 1, mailed: 1 });
    await dispatched(t.db, mailer);
    expect(sent).toEqual([]);
    const queued = await t
      .db('message_outbox')
      .where('idempotency_key', 'like', 'respaldo:%')
      .orderBy('seq', 'desc')
      .first();
    expect(queued).toMatchObject({
      status: 'queued',
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      subject: 'Falló un respaldo de la base',
    });
    // The failure is claimed: the next run tells nothing new.
    expect((await runJobOnce(backupAlertsJob, ctx, { force: true })).result).toEqual({ failures: 0, mailed: 0 });

    smtp.state = 'up';
    clock.advanceMinutes(1);
    await runJobOnce(mailRetryJob, ctx, { force: true });
    expect(sent.map((m) => m.subject)).toEqual(['Falló un respaldo de la base']);
    expect(sent[0]!.text).toContain('La copia base del archivo continuo (pgBackRest) falló el 24/11/2026 04:00');
    expect(await t.db('message_outbox').where({ id: queued.id }).first('status')).toEqual({ status: 'sent' });
  });
});

/**
 * The database with pg_stat_archiver saying `archiver` (what PostgreSQL's WAL archiver last did);
 * every other query reaches the test database.
 */
function withArchiver(archiver: {
  last_archived_wal?: string;
  last_archived_time?: string;
  failed_count: number;
  last_failed_wal: string;
  last_failed_time: string;
}): Knex {
  const row = { archived_count: archiver.last_archived_time ? 1 : 0, ...archiver };
  return new Proxy(t.db, {
    get(target, prop) {
      if (prop !== 'raw') return Reflect.get(target, prop);
      return (sql: string, ...rest: unknown[]) =>
        /pg_stat_archiver/.test(sql) ? Promise.resolve({ rows: [row] }) : target.raw(sql, ...(rest as []));
    },
  });
}

describe('backup alerts: the WAL archive fails only once it has worked', () => {
  // At first boot PostgreSQL tries to archive before the pitr service has made pgBackRest's stanza:
  // those attempts fail, and that is no news for the owner.
  const failing = {
    failed_count: 3,
    last_failed_wal: '000000010000000000000002',
    last_failed_time: '2026-11-24T06:00:03Z',
  };

  async function alertsAndMetric(db: Knex) {
    const { mailer, sent } = testMailer();
    await runJobOnce(backupAlertsJob, { db, logger, clock: manualClock(), mailer }, { force: true });
    await dispatched(db, mailer);
    const metrics = (await request(createMetricsApp(db)).get('/metrics').expect(200)).text;
    return {
      recorded: await t.db('backup_runs').where({ kind: 'archive' }).pluck('error'),
      mails: sent.length,
      metric: /^gym_wal_archive_failing (\d)$/m.exec(metrics)?.[1],
    };
  }

  test('failures before any segment was ever archived: no alert, the metric 0', async () => {
    expect(await alertsAndMetric(withArchiver(failing))).toEqual({ recorded: [], mails: 0, metric: '0' });
  });

  test('one segment archived, then failures: recorded, e-mailed, the metric 1', async () => {
    const db = withArchiver({
      ...failing,
      last_archived_wal: '000000010000000000000001',
      last_archived_time: '2026-11-24T06:00:01Z',
    });
    expect(await alertsAndMetric(db)).toEqual({
      recorded: ['PostgreSQL no pudo archivar 000000010000000000000002 (3 intentos fallidos en total)'],
      mails: 1,
      metric: '1',
    });
  });

  test("the archiver's statistics reset, but a base backup once succeeded: the archive had worked", async () => {
    await run('base', true, new Date('2026-11-23T07:00:00Z'));
    expect(await alertsAndMetric(withArchiver(failing))).toMatchObject({ mails: 1, metric: '1' });
  });
});

describe('GET /metrics on the internal port', () => {
  test('requests by route pattern and status, latency, the pool, jobs, the hour and the backups', async () => {
    await request(t.app).get('/v1/product/00000000-0000-4000-8000-000000000000').expect(404);
    await request(t.app).get('/healthz').expect(200);
    await run('dump', true, new Date('2026-11-24T06:00:00Z'));
    const failing: Job = { name: 'siempre-falla', everyMs: 1, run: () => Promise.reject(new Error('no')) };
    const ctx = { db: t.db, logger, clock: manualClock() };
    await runJobOnce(failing, ctx, { force: true });
    await runJobOnce(failing, ctx, { force: true });

    const res = await request(createMetricsApp(t.db)).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/v1\/product\/:id",status="404"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/v1\/respaldos",status="401"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="pending"\} 0$/m);
    expect(text).toMatch(/^gym_ready 1$/m);
    expect(text).toMatch(/^gym_last_hour\{what="orders"\} \d+$/m);
    expect(text).toMatch(/^gym_last_hour\{what="payments"\} \d+$/m);
    expect(text).toContain(
      `gym_backup_last_success_timestamp_seconds{kind="dump"} ${Date.parse('2026-11-24T06:00:00Z') / 1000}`,
    );
    expect(text).toMatch(/^gym_job_failures_in_a_row\{name="siempre-falla"\} 2$/m);
    expect(text).toMatch(/^gym_job_runs_total\{name="siempre-falla",status="error"\} [2-9]$/m);
    expect(text).toMatch(/^gym_wal_archive_failing 0$/m);
    // What members' receipts and product images take in the database (issue 41: a member could fill it).
    expect(Number(/^gym_uploads_bytes\{what="transfer_receipts"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^gym_uploads_bytes\{what="product_images"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  test('a database that does not answer: still a scrape, with gym_ready 0 and the requests', async () => {
    const gone = knexFactory({
      client: 'pg',
      connection: 'postgres://nadie@127.0.0.1:1/nada',
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 1000,
    });
    try {
      const res = await request(createMetricsApp(gone)).get('/metrics').expect(200);
      expect(res.text).toMatch(/^gym_ready 0$/m);
      expect(res.text).toMatch(/^http_requests_total\{/m);
    } finally {
      await gone.destroy();
    }
  });

  test('a job that succeeds again is no longer failing', async () => {
    let fail = true;
    const flaky: Job = { name: 'a-veces', everyMs: 1, run: async () => (fail ? Promise.reject(new Error('no')) : {}) };
    const ctx = { db: t.db, logger, clock: manualClock() };
    await runJobOnce(flaky, ctx, { force: true });
    fail = false;
    await runJobOnce(flaky, ctx, { force: true });
    const row = await t.db('job_runs').where({ name: 'a-veces' }).first('failures_in_a_row');
    expect(row).toEqual({ failures_in_a_row: 0 });
  });
});
