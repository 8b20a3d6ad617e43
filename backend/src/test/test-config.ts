import { loadConfig, type AppConfig } from '../config';

export const TEST_STAFF_CODE = 'prueba-123';
export const TEST_ADMIN = { email: 'admin@prueba.test', password: 'Admin1234' };
/** The hashing cost of the test config: low, so a test login takes milliseconds. */
export const TEST_HASH_LOG_N = 12;

/** The configuration every test app starts from; `env` overrides any of it. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    STAFF_CODE: TEST_STAFF_CODE,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PASSWORD_HASH_LOG_N: String(TEST_HASH_LOG_N),
    STATIC_DIR: '/nonexistent',
    ...env,
  });
}
