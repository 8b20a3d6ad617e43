import { ConfigError, loadConfig, type AppConfig } from '../config';

export const TEST_STAFF_CODE = 'prueba-123';
export const TEST_ADMIN = { email: 'admin@prueba.test', password: 'Admin1234' };
/** Test credentials of Mercado Pago, shared with the fake provider the payment tests start. */
export const TEST_MERCADOPAGO = {
  accessToken: 'TEST-0000-token-de-prueba',
  webhookSecret: 'secreto-de-prueba-del-webhook',
};
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
    // Mercado Pago is on, pointed at a closed port: a test that pays starts the fake and sets the URL.
    MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
    MERCADOPAGO_ACCESS_TOKEN: TEST_MERCADOPAGO.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: TEST_MERCADOPAGO.webhookSecret,
    // The IPC's API likewise: a closed port (the job then reads the shipped CSV) unless a test serves it.
    IPC_API_URL: 'http://127.0.0.1:9/series',
    ...env,
  });
}

/** The config's error lines for these settings (in a test environment), or [] when it starts. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.lines;
    throw err;
  }
}
