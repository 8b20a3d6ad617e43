import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import type { Clock } from '../clock';
import { loadConfig, type AppConfig } from '../config';
import { createLogger } from '../logger';
import { createPasswordHasher, type PasswordHasher } from '../modules/accounts/password';
import type { Mailer } from '../modules/messages/mailer';
import type { WeatherClient } from '../modules/weather/weather.client';
import { createTestDatabase } from './test-database';

export const TEST_STAFF_CODE = 'prueba-123';
export const TEST_ADMIN = { email: 'admin@prueba.test', password: 'Admin1234' };

/** A clock the test moves by hand, for session time-outs. It starts now: cookie jars drop cookies that expired in real time. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  } satisfies Clock & Record<string, unknown>;
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
  } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    STAFF_CODE: TEST_STAFF_CODE,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PASSWORD_HASH_LOG_N: '12',
    STATIC_DIR: '/nonexistent',
    ...options.env,
  });
  const hasher = options.hasher ?? createPasswordHasher(config.passwordHashLogN);
  await prepareDatabase(db, config, hasher);
  const logger = createLogger({ level: 'silent', pretty: false });
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
