import type { Knex } from 'knex';
import { createLogger } from '../logger';
import { eventually, manualClock } from '../test/test-app';
import { testConfig } from '../test/test-config';
import { createTestDatabase, migratedTestDatabase, migrateUpTo } from '../test/test-database';
import { listJobRuns, type Job } from './jobs';
import { startWorker, type WorkerDeps } from './worker';

const logger = createLogger({ level: 'silent', pretty: false });
// The worker refuses to start without a server; the test database (PGlite or PostgreSQL) is handed to it.
const config = testConfig({ DATABASE_URL: 'postgres://gym@127.0.0.1:5432/gym' });
let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await migratedTestDatabase());
});
afterAll(() => drop());

/** The worker on the test database (kept open: the test file closes it), its health server on a free port. */
const deps = (overrides: Partial<WorkerDeps> = {}): WorkerDeps => ({
  logger,
  openDatabase: () => db,
  closeDatabase: () => Promise.resolve(),
  jobs: [],
  healthPort: 0,
  ...overrides,
});

/** A job whose run waits until the test lets it finish. */
function gatedJob(name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const job: Job = {
    name,
    everyMs: 60_000,
    run: async () => {
      started += 1;
      await gate;
      return { done: true };
    },
  };
  return { job, release, started: () => started };
}

const runOf = async (name: string) => (await listJobRuns(db)).find((r) => r.name === name);
const health = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(async (r) => ({ status: r.status, body: await r.text() }));

describe('the worker refuses to start where it would run the jobs wrongly', () => {
  test('without DATABASE_URL (embedded PGlite): one Spanish line, and no database is opened', async () => {
    let opened = false;
    const refusal = startWorker(testConfig(), deps({ openDatabase: () => ((opened = true), db) }));
    await expect(refusal).rejects.toThrow(
      'No se pudo iniciar el worker: necesita PostgreSQL (DATABASE_URL o PGHOST); con la base embebida (PGlite) la API corre ella misma las tareas en segundo plano (RUN_JOBS=true).',
    );
    expect(opened).toBe(false);
  });

  test('on a schema migrate.js has not brought up to date: says what to run, and closes its pool', async () => {
    const old = await createTestDatabase();
    let closed = false;
    try {
      await migrateUpTo(old.db, '0002_products');
      const refusal = await startWorker(
        config,
        deps({ openDatabase: () => old.db, closeDatabase: async () => void (closed = true) }),
      ).catch((e: unknown) => e);
      expect((refusal as Error).message).toMatch(
        /^No se pudo iniciar el worker: El esquema de la base está desactualizado \(faltan \d+ migraciones: .*\)\. Ejecutá `node backend\/dist\/migrate\.js latest` \(docker compose run --rm migrate\) antes de iniciar el worker\.$/,
      );
      expect(closed).toBe(true);
    } finally {
      await old.drop();
    }
  });
});

describe('started on a migrated database', () => {
  test('a due job runs, and stop() waits for the run in flight before it resolves', async () => {
    const { job, release, started } = gatedJob('worker-gated');
    let closed = 0;
    const worker = await startWorker(
      config,
      deps({ jobs: [job], jobsOptions: { firstTickMs: 0, tickMs: 50 }, closeDatabase: async () => void closed++ }),
    );
    await eventually(
      async () => started(),
      (n) => n === 1,
    );
    expect(started()).toBe(1);

    let stopped = false;
    const stopping = worker.stop().then((outcome) => ((stopped = true), outcome));
    // The run is still waiting: stop() has not resolved, the pool is still open, the run is not recorded.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect(closed).toBe(0);
    expect((await runOf('worker-gated'))?.lastStatus).toBeNull();

    release();
    await expect(stopping).resolves.toEqual({ finished: true });
    expect(closed).toBe(1);
    expect(await runOf('worker-gated')).toMatchObject({ lastStatus: 'ok', runs: 1, lastResult: { done: true } });
    expect(started()).toBe(1);
  });

  test('stop() gives up on a run that outlasts its bound, and still closes the pool', async () => {
    const { job, release, started } = gatedJob('worker-hung');
    let closed = 0;
    const worker = await startWorker(
      config,
      deps({
        jobs: [job],
        jobsOptions: { firstTickMs: 0, tickMs: 50 },
        stopTimeoutMs: 50,
        closeDatabase: async () => void closed++,
      }),
    );
    try {
      await eventually(
        async () => started(),
        (n) => n === 1,
      );
      await expect(worker.stop()).resolves.toEqual({ finished: false });
      expect(closed).toBe(1);
    } finally {
      release();
    }
    await eventually(
      () => runOf('worker-hung'),
      (r) => r?.lastStatus === 'ok',
    );
  });

  test('GET /healthz answers 200 ok while the scheduler ticked recently, 503 once it is stale', async () => {
    const clock = manualClock();
    const worker = await startWorker(
      config,
      // No tick comes during the test: the clock alone makes the last one old.
      deps({ clock, jobsOptions: { firstTickMs: 600_000, tickMs: 600_000 }, staleAfterMs: 60_000 }),
    );
    try {
      expect(await health(worker.healthPort)).toEqual({ status: 200, body: 'ok' });
      clock.advanceMs(59_000);
      expect(await health(worker.healthPort)).toEqual({ status: 200, body: 'ok' });
      clock.advanceMs(2_000);
      expect(await health(worker.healthPort)).toEqual({ status: 503, body: 'stale' });
    } finally {
      await worker.stop();
    }
  });

  test('a tick makes a stale worker healthy again', async () => {
    const clock = manualClock();
    let ticks = 0;
    const counting: Job = { name: 'worker-tick', everyMs: 1, run: async () => void ticks++ };
    const worker = await startWorker(
      config,
      deps({ clock, jobs: [counting], jobsOptions: { firstTickMs: 600_000, tickMs: 30 }, staleAfterMs: 60_000 }),
    );
    try {
      clock.advanceMs(120_000);
      const before = ticks;
      await eventually(
        async () => ticks,
        (n) => n > before,
      );
      expect(await health(worker.healthPort)).toEqual({ status: 200, body: 'ok' });
    } finally {
      await worker.stop();
    }
  });
});
