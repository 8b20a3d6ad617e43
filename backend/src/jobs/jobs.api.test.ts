import type { Knex } from 'knex';
import { createLogger } from '../logger';
import { eventually, manualClock } from '../test/test-app';
import { testConfig } from '../test/test-config';
import { migratedTestDatabase } from '../test/test-database';
import { startApiJobs } from '.';
import { listJobRuns, runJobOnce, type Job } from './jobs';

const logger = createLogger({ level: 'silent', pretty: false });
let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await migratedTestDatabase());
});
afterAll(() => drop());

function countingJob(name: string, everyMs = 60_000, fail = false) {
  let calls = 0;
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      calls += 1;
      // A run that takes a moment, so replicas asking at once overlap it: the work, not a wait to assert.
      await new Promise((r) => setTimeout(r, 20));
      if (fail) throw new Error('falló');
      return { calls };
    },
  };
  return { job, calls: () => calls };
}

test('three replicas asking at once: the job runs once, and again only after its interval', async () => {
  const clock = manualClock();
  const { job, calls } = countingJob('dedupe');
  const outcomes = await Promise.all([1, 2, 3].map(() => runJobOnce(job, { db, logger, clock })));
  expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  expect(calls()).toBe(1);

  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(false);
  clock.advanceMinutes(1);
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(true);
  expect(calls()).toBe(2);

  const [run] = (await listJobRuns(db)).filter((r) => r.name === 'dedupe');
  expect(run).toMatchObject({ lastStatus: 'ok', runs: 2, lastResult: { calls: 2 } });
});

test('a tick a few milliseconds early after the last run still runs a job due every minute', async () => {
  const clock = manualClock();
  const { job, calls } = countingJob('every-minute');
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(true);
  clock.advanceMs(59_990);
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(true);
  clock.advanceMs(30_000);
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(false);
  expect(calls()).toBe(2);
});

test('a failed run is recorded with its error and frees the claim', async () => {
  const clock = manualClock();
  const { job } = countingJob('broken', 1_000, true);
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(true);
  const [run] = (await listJobRuns(db)).filter((r) => r.name === 'broken');
  expect(run).toMatchObject({ lastStatus: 'error', lastError: 'falló', runs: 0 });
  clock.advanceMinutes(1);
  expect((await runJobOnce(job, { db, logger, clock })).ran).toBe(true);
});

describe('the API process: RUN_JOBS decides whether it runs the jobs', () => {
  const runOf = async (name: string) => (await listJobRuns(db)).find((r) => r.name === name);

  test('RUN_JOBS=false starts no job in the API; the default runs them there, and stop() waits for the run', async () => {
    const here = countingJob('api-here');
    const elsewhere = countingJob('api-elsewhere');
    const ctx = { db, logger, clock: manualClock() };
    const options = { firstTickMs: 0, tickMs: 20 };
    const off = startApiJobs(testConfig({ RUN_JOBS: 'false' }), ctx, [elsewhere.job], options);
    const on = startApiJobs(testConfig(), ctx, [here.job], options);
    expect(off.jobs).toBe('in the worker');
    expect(on.jobs).toBe('in this process');

    await eventually(
      async () => here.calls(),
      (n) => n === 1,
    );
    await on.stop();
    await off.stop();
    // The run in flight when stop() was called has been recorded by the time it resolved.
    expect(await runOf('api-here')).toMatchObject({ lastStatus: 'ok', runs: 1 });
    // Ticks came and went for the API that runs them: none started the other's job.
    expect(elsewhere.calls()).toBe(0);
    expect(await runOf('api-elsewhere')).toBeUndefined();
  });
});
