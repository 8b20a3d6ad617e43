import request from 'supertest';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { purgeJob } from './purge.job';

const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (ip: string, body: object) => request(t.app).post('/v1/user/login').set('X-Forwarded-For', ip).send(body);
const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())?.n);

describe('tables that cannot grow forever', () => {
  test('a 90,012-character e-mail is kept as a 32-byte key: no throttle row holds what was typed', async () => {
    const huge = `${'a'.repeat(90_000)}@ataque.com`;
    expect(huge).toHaveLength(90_011);
    await login('10.80.0.1', { email: `${huge}x`, password: 'Incorrecta1' }).expect(401);
    await login('10.80.0.2', { email: `${huge}x`, password: 'Incorrecta1' }).expect(401);
    const { rows } = await t.db.raw<{ rows: { longest: number; total: string | number }[] }>(
      'SELECT max(octet_length(key_hash)) AS longest, sum(octet_length(key_hash)) AS total FROM throttle_counters',
    );
    expect(rows[0]!.longest).toBe(32);
    expect(Number(rows[0]!.total)).toBeLessThanOrEqual(32 * 5);
  });

  test('the hourly purge deletes expired sessions and old throttle rows, keeps the live ones, on one replica', async () => {
    await t.staffAgent();
    await t.staffAgent();
    await login('10.80.1.1', { email: 'nadie@gym.com', password: 'Incorrecta1' }).expect(401);
    clock.advanceMinutes(25 * 60);
    await t.staffAgent();
    await login('10.80.1.2', { email: 'otro@gym.com', password: 'Incorrecta1' }).expect(401);
    const sessionsBefore = await count('sessions');
    const countersBefore = await count('throttle_counters');
    const dayAgo = new Date(clock.now().getTime() - 24 * 60 * 60_000);
    const oldCounters = Number(
      (await t.db('throttle_counters').where('window_started_at', '<=', dayAgo).count({ n: '*' }).first())?.n,
    );
    expect(oldCounters).toBeGreaterThanOrEqual(7);
    expect(countersBefore - oldCounters).toBeGreaterThanOrEqual(3);

    const replicas = await Promise.all([1, 2, 3].map(() => runJobOnce(purgeJob, { db: t.db, logger, clock })));
    const ran = replicas.filter((r) => r.ran);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.result).toEqual({ sessions: sessionsBefore - 1, throttleCounters: oldCounters });
    expect(await count('sessions')).toBe(1);
    expect(await count('throttle_counters')).toBe(countersBefore - oldCounters);
    expect(sessionsBefore).toBe(3);
    expect((await runJobOnce(purgeJob, { db: t.db, logger, clock })).ran).toBe(false);
  });

  test('the purge is one of the background jobs every replica starts', async () => {
    const { backgroundJobs } = await import('../../jobs');
    expect(backgroundJobs.map((job) => job.name)).toContain(purgeJob.name);
  });
});
