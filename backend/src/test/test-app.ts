import type { Knex } from 'knex';
import type { Logger } from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { createLogger } from '../logger';
import { createPasswordHasher, type PasswordHasher } from '../modules/accounts/password';
import type { Mailer } from '../shared/mailer';
import type { WeatherClient } from '../modules/weather/weather.client';
import { TEST_ADMIN, TEST_HASH_LOG_N, testConfig } from './test-config';
import { createTestDatabase } from './test-database';

export { TEST_ADMIN, TEST_STAFF_CODE } from './test-config';

/** A clock the test moves by hand, for session time-outs. It starts now: cookie jars drop cookies that expired in real time. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
    advanceMs(ms: number) {
      now += ms;
    },
  } satisfies Clock & Record<string, unknown>;
}

/**
 * Whether prepareDatabase would write into an empty database what the template holds: it reads
 * these fields of the config (and the hasher, handled above), so any other config starts empty
 * and boots for real.
 */
function templateFits(config: AppConfig): boolean {
  return (
    config.migrateOnStart &&
    config.seedDemo &&
    config.admin.email === TEST_ADMIN.email &&
    config.admin.password === TEST_ADMIN.password
  );
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Knex;
  config: AppConfig;
  close(): Promise<void>;
  /** A supertest agent signed in as the seeded staff account. */
  staffAgent(): Promise<ReturnType<typeof request.agent>>;
}

export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    hasher?: PasswordHasher;
    mailer?: Mailer;
    weather?: WeatherClient;
    /** Where the app logs (silent unless given): a test that reads the log passes its own. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const hasher = options.hasher ?? createPasswordHasher(config.passwordHashLogN);
  const { db, drop, fromTemplate } = await createTestDatabase({ fromTemplate: templateFits(config) });
  // The template's staff account was hashed at the test cost: a test with its own hasher gets it hashed by that one.
  if (fromTemplate && (options.hasher || config.passwordHashLogN !== TEST_HASH_LOG_N)) {
    await db('accounts')
      .where({ email: config.admin.email })
      .update({ password_hash: await hasher.hash(config.admin.password) });
  }
  // On a copy of the template this finds the schema current and the database seeded: nothing left to do.
  await prepareDatabase(db, config, hasher);
  const logger = options.logger ?? createLogger({ level: 'silent', pretty: false });
  const app = createApp({
    db,
    logger,
    config,
    hasher,
    clock: options.clock,
    mailer: options.mailer,
    weather: options.weather,
  });
  return {
    app,
    db,
    config,
    close: drop,
    async staffAgent() {
      const agent = request.agent(app);
      await agent.post('/v1/user/login').send(TEST_ADMIN).expect(200);
      return agent;
    },
  };
}

/** Waits (up to 10 s) for what the app does after its answer: a notification handled, a mail kept. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 500 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
