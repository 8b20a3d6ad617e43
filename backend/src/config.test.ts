import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { parse } from 'pg-connection-string';
import { ConfigError, databaseUrlFromEnv, DEV_DEFAULTS, loadConfig, loadDatabaseSettings } from './config';

/** The lines a refused environment gives, one per bad setting. */
function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.lines;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

/** What a real production .env holds; each test spoils one value. */
const PRODUCTION = {
  NODE_ENV: 'production',
  STAFF_CODE: 'gym2026ok',
  ADMIN_EMAIL: 'duena@gimnasio.com.ar',
  ADMIN_PASSWORD: 'Gimnasio2026',
  SMTP_URL: 'smtp://mail.example.com:587',
  SITE_URL: 'https://gimnasio.com.ar',
  MEMBER_QR_SECRET: 'q8WmJ2v0cXnL4rT6yB1eK9sH3dF5gA7z',
};

describe('configuration: production refuses what would not be safe or truthful', () => {
  test('a complete production environment is accepted', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ env: 'production', staffCode: 'gym2026ok', seedDemo: false, migrateOnStart: false });
  });

  test('production never falls back on the stand-in IPC figures: only a published series named by IPC_CSV', () => {
    expect(loadConfig(PRODUCTION).pricing.ipcCsv).toBeNull();
    expect(loadConfig({ ...PRODUCTION, IPC_CSV: '/datos/ipc.csv' }).pricing.ipcCsv).toBe('/datos/ipc.csv');
    expect(loadConfig({}).pricing.ipcCsv).toBe('stand-in');
  });

  test.each([
    ['STAFF_CODE', DEV_DEFAULTS.staffCode, /^STAFF_CODE: must not be the documented development default/],
    ['ADMIN_PASSWORD', DEV_DEFAULTS.adminPassword, /^ADMIN_PASSWORD: must not be the documented development default/],
    ['ADMIN_EMAIL', DEV_DEFAULTS.adminEmail, /^ADMIN_EMAIL: must be a real address/],
    ['STAFF_CODE', 'a', /^STAFF_CODE: must have 8 to 10 characters, with letters and digits/],
    ['STAFF_CODE', 'ab12cd3', /^STAFF_CODE: must have 8 to 10 characters/],
    ['STAFF_CODE', 'abcdefghij', /^STAFF_CODE: .*with letters and digits/],
    ['STAFF_CODE', '1234567890', /^STAFF_CODE: .*with letters and digits/],
    ['STAFF_CODE', 'abcdef12345', /^STAFF_CODE: must be at most 10 characters/],
    ['ADMIN_PASSWORD', 'x', /^ADMIN_PASSWORD: must follow the registration rule/],
    ['ADMIN_PASSWORD', 'gimnasio2026', /^ADMIN_PASSWORD: .*registration rule/],
    ['ADMIN_PASSWORD', 'Gimnasio 2026', /^ADMIN_PASSWORD: .*registration rule/],
    ['ADMIN_PASSWORD', 'GimnasioTucuman2026', /^ADMIN_PASSWORD: .*registration rule/],
    ['MEMBER_QR_SECRET', '', /^MEMBER_QR_SECRET: is required in production; make one with openssl rand -base64 32$/],
    ['MEMBER_QR_SECRET', DEV_DEFAULTS.memberQrSecret, /^MEMBER_QR_SECRET: must be at least 32 random characters/],
    ['MEMBER_QR_SECRET', 'corto-y-adivinable', /^MEMBER_QR_SECRET: must be at least 32 random characters/],
  ])('%s=%s is refused in production, in one line naming it', (name, value, message) => {
    const lines = refusal({ ...PRODUCTION, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  test('development keeps accepting its documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      staffCode: DEV_DEFAULTS.staffCode,
      admin: { email: DEV_DEFAULTS.adminEmail, password: DEV_DEFAULTS.adminPassword },
      seedDemo: true,
      migrateOnStart: true,
    });
  });

  test('without SMTP_URL production refuses to start instead of telling staff "enviado" for a mail nobody gets', () => {
    const { SMTP_URL: _omitted, ...withoutSmtp } = PRODUCTION;
    expect(() => loadConfig(withoutSmtp)).toThrow(/^SMTP_URL: is required in production/);
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });

  test('without SITE_URL, production refuses to start: no e-mail links to localhost', () => {
    const { SITE_URL: _omitted, ...withoutSite } = PRODUCTION;
    expect(() => loadConfig(withoutSite)).toThrow(/^SITE_URL: is required in production/);
    expect(() => loadConfig({ ...PRODUCTION, SITE_URL: '' })).toThrow(/^SITE_URL: is required in production/);
    expect(() => loadConfig({ ...PRODUCTION, SITE_URL: 'gimnasio.com.ar' })).toThrow(
      /^SITE_URL: is not a valid URL; write it whole, e.g. http:\/\/host$/,
    );
    expect(loadConfig({ ...PRODUCTION, SITE_URL: 'https://gimnasio.com.ar/' }).orders.siteUrl).toBe(
      'https://gimnasio.com.ar',
    );
    expect(loadConfig({}).orders.siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).orders.siteUrl).toBe('http://localhost:3000');
  });

  test('the API trusts exactly one proxy hop in production by default; TRUST_PROXY overrides it', () => {
    expect(loadConfig(PRODUCTION).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.5' }).trustProxy).toBe('10.0.0.5');
  });

  test('SEED_DEMO=true loads the demo data in production; a value other than true/false is refused', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(refusal({ ...PRODUCTION, SEED_DEMO: 'si' })).toEqual([
      'SEED_DEMO: must be true or false (or 1/0, yes/no), got "si"',
    ]);
  });

  test('a refused URL is never echoed: SMTP_URL holds a password', () => {
    expect(refusal({ ...PRODUCTION, SMTP_URL: 'http://gym:s3cr3t@mail.example.com' })).toEqual([
      'SMTP_URL: must start with smtp:// or smtps://, got "http://"',
    ]);
    expect(refusal({ ...PRODUCTION, SMTP_URL: 'gym:s3cr3t@mail' }).join()).not.toContain('s3cr3t');
    expect(refusal({ METRICS_PORT: '0' })).toEqual(['METRICS_PORT: must be a positive integer, got "0"']);
  });

  test('two missing production secrets give two lines, each naming its setting and how to make one', () => {
    const { MEMBER_QR_SECRET: _qr, SMTP_URL: _smtp, ...withoutTwo } = PRODUCTION;
    expect(refusal(withoutTwo)).toEqual([
      'MEMBER_QR_SECRET: is required in production; make one with openssl rand -base64 32',
      'SMTP_URL: is required in production: without it no message would reach anyone; set smtp://user:pass@host:587',
    ]);
  });

  test('every bad setting at once, one line each, not only the first', () => {
    const lines = refusal({
      ...PRODUCTION,
      PORT: 'ochenta',
      STAFF_CODE: DEV_DEFAULTS.staffCode,
      COOKIE_SECURE: 'maybe',
      METRICS_HOST: 'eth0',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1',
    });
    expect(lines).toEqual([
      'PORT: must be a positive integer, got "ochenta"',
      'METRICS_HOST: must be an IP address or private, got "eth0"',
      expect.stringMatching(/^STAFF_CODE: must not be the documented development default/),
      'COOKIE_SECURE: must be true or false (or 1/0, yes/no), got "maybe"',
      expect.stringMatching(/^MERCADOPAGO_WEBHOOK_SECRET: is missing while MERCADOPAGO_ACCESS_TOKEN is set/),
    ]);
  });

  test('a refused configuration prints as its lines, without a stack trace', () => {
    const { MEMBER_QR_SECRET: _qr, ...withoutQr } = PRODUCTION;
    let printed = '';
    try {
      loadConfig(withoutQr);
    } catch (err) {
      printed = inspect(err);
    }
    expect(printed).toBe(
      '1 setting to fix (docs/configuration.md):\nMEMBER_QR_SECRET: is required in production; make one with openssl rand -base64 32',
    );
    expect(printed).not.toMatch(/\n\s+at /);
  });

  test('the PG* variables make a URL in which any generated password survives', () => {
    const password = 'p@ss:w/rd#?%&=+ ñ';
    const url = databaseUrlFromEnv({ PGHOST: 'postgres', PGUSER: 'gym', PGPASSWORD: password, PGDATABASE: 'gym' })!;
    expect(parse(url)).toMatchObject({ host: 'postgres', port: '5432', user: 'gym', password, database: 'gym' });
    expect(loadConfig({ PGHOST: 'db', PGUSER: 'u', PGPASSWORD: password }).databaseUrl).toBe(
      databaseUrlFromEnv({ PGHOST: 'db', PGUSER: 'u', PGPASSWORD: password }),
    );
    expect(databaseUrlFromEnv({ DATABASE_URL: 'postgres://a@b/c', PGHOST: 'x' })).toBe('postgres://a@b/c');
    expect(databaseUrlFromEnv({})).toBeUndefined();
  });
});

test('the shop limits and holds are settings with their defaults; `off` lifts the unpaid-units cap', () => {
  expect(loadConfig({}).orders).toMatchObject({
    unpaidHours: 72,
    limits: { unitsPerVariant: 10, unitsPerOrder: 30, unpaidUnits: 30 },
    large: { units: 10, unpaidHours: 24 },
  });
  const set = loadConfig({
    ORDER_MAX_UNITS_PER_VARIANT: '5',
    ORDER_MAX_UNITS: '20',
    ORDER_MAX_UNPAID_UNITS: 'off',
    ORDER_LARGE_UNITS: '8',
    ORDER_LARGE_UNPAID_HOURS: '6',
  }).orders;
  expect(set).toMatchObject({
    limits: { unitsPerVariant: 5, unitsPerOrder: 20, unpaidUnits: null },
    large: { units: 8, unpaidHours: 6 },
  });
  // The short hold is never longer than every order's hold.
  expect(loadConfig({ ORDER_UNPAID_HOURS: '12' }).orders.large.unpaidHours).toBe(12);
  expect(() => loadConfig({ ORDER_MAX_UNITS: '0' })).toThrow('ORDER_MAX_UNITS: must be a positive integer, got "0"');
  expect(() => loadConfig({ ORDER_MAX_UNPAID_UNITS: 'no' })).toThrow(
    'ORDER_MAX_UNPAID_UNITS: must be a positive integer or off, got "no"',
  );
});

test('a member’s receipts: 3 waiting and 10 a day by default, each a setting', () => {
  expect(loadConfig({}).memberUploads).toEqual({ pendingMax: 3, perDay: 10 });
  expect(loadConfig({ MEMBER_UPLOADS_PENDING_MAX: '1', MEMBER_UPLOADS_PER_DAY: '4' }).memberUploads).toEqual({
    pendingMax: 1,
    perDay: 4,
  });
  expect(() => loadConfig({ MEMBER_UPLOADS_PER_DAY: '0' })).toThrow(
    'MEMBER_UPLOADS_PER_DAY: must be a positive integer',
  );
});

test('the pickup address and hours are settings with Tucumán defaults; blank means the default', () => {
  expect(loadConfig({}).orders.pickup).toEqual({
    address: 'Av. Mate de Luna 2350, San Miguel de Tucumán',
    hours: 'en recepción, de lunes a jueves de 08:00 a 22:00 y viernes y sábados de 10:00 a 21:00',
  });
  expect(loadConfig({ GYM_ADDRESS: ' 24 de Septiembre 500 ', PICKUP_HOURS: 'de 9 a 18' }).orders.pickup).toEqual({
    address: '24 de Septiembre 500',
    hours: 'de 9 a 18',
  });
  expect(loadConfig({ GYM_ADDRESS: '', PICKUP_HOURS: '  ' }).orders.pickup).toEqual(loadConfig({}).orders.pickup);
});

/** docker-compose passes every optional setting as `${X:-}`: an empty value must mean "unset", never a bad value. */
test.each([
  'PUBLIC_ORIGIN',
  'ORDER_NOTIFY_EMAIL',
  'TRANSFER_ALIAS',
  'TRANSFER_CBU',
  'TRANSFER_HOLDER',
  'WHATSAPP_NUMBER',
  'SOCIAL_INSTAGRAM_URL',
  'SOCIAL_FACEBOOK_URL',
  'IMAGE_HOSTS',
  'ORDER_MAX_PER_ADDRESS',
  'MEMBER_UPLOADS_PENDING_MAX',
  'MEMBER_UPLOADS_PER_DAY',
  'ORDER_UNPAID_HOURS',
  'ORDER_MAX_UNITS_PER_VARIANT',
  'ORDER_MAX_UNITS',
  'ORDER_MAX_UNPAID_UNITS',
  'ORDER_LARGE_UNITS',
  'ORDER_LARGE_UNPAID_HOURS',
  'GYM_ADDRESS',
  'PICKUP_HOURS',
])('%s passed empty by docker-compose is the same as unset', (name) => {
  expect(loadConfig({ ...PRODUCTION, [name]: '' })).toEqual(loadConfig(PRODUCTION));
});

describe('METRICS_HOST: where GET /metrics listens', () => {
  test('unset or empty: every interface, as in development', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsHost).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '' }).metricsHost).toBeNull();
  });

  test('an IP address: that one', () => {
    expect(loadConfig({ METRICS_HOST: '10.20.0.5' }).metricsHost).toEqual({ address: '10.20.0.5' });
    expect(loadConfig({ METRICS_HOST: '::1' }).metricsHost).toEqual({ address: '::1' });
  });

  test("private: toward PostgreSQL's host and port, from PGHOST/PGPORT or DATABASE_URL", () => {
    expect(
      loadConfig({ ...PRODUCTION, METRICS_HOST: 'private', PGHOST: 'postgres', PGPORT: '5432' }).metricsHost,
    ).toEqual({
      reach: { host: 'postgres', port: 5432 },
    });
    expect(loadConfig({ METRICS_HOST: 'private', PGHOST: 'db.internal', PGPORT: '6543' }).metricsHost).toEqual({
      reach: { host: 'db.internal', port: 6543 },
    });
    expect(loadConfig({ METRICS_HOST: 'private', DATABASE_URL: 'postgres://gym@10.0.0.7/gym' }).metricsHost).toEqual({
      reach: { host: '10.0.0.7', port: 5432 },
    });
    expect(
      loadConfig({ METRICS_HOST: 'private', DATABASE_URL: 'postgres://gym@[fd00::7]:5433/gym' }).metricsHost,
    ).toEqual({
      reach: { host: 'fd00::7', port: 5433 },
    });
  });

  test.each([
    [{ METRICS_HOST: 'eth0' }, /^METRICS_HOST: must be an IP address or private, got "eth0"$/],
    [{ METRICS_HOST: 'Private' }, /^METRICS_HOST: must be an IP address or private/],
    [{ METRICS_HOST: 'private' }, /^METRICS_HOST: private needs PostgreSQL reached over the network/],
    [
      { METRICS_HOST: 'private', DATABASE_URL: 'postgres://gym@localhost/gym?host=/var/run/postgresql' },
      /^METRICS_HOST: private needs PostgreSQL reached over the network/,
    ],
  ])('%o is refused', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('yes/no settings: true/false, 1/0, yes/no in any case; anything else is refused by name', () => {
  const read = {
    COOKIE_SECURE: (env: Record<string, string>) => loadConfig(env).cookieSecure,
    SEED_DEMO: (env: Record<string, string>) => loadConfig(env).seedDemo,
    MIGRATE_ON_START: (env: Record<string, string>) => loadConfig(env).migrateOnStart,
    CATALOGUE_INDEX: (env: Record<string, string>) => loadConfig(env).catalogueIndex,
    RUN_JOBS: (env: Record<string, string>) => loadConfig(env).runJobs,
  };

  test('COOKIE_SECURE=TRUE is true (it used to be silently false); unset is false', () => {
    expect(loadConfig({ COOKIE_SECURE: 'TRUE' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...PRODUCTION, COOKIE_SECURE: 'TRUE' }).cookieSecure).toBe(true);
    expect(loadConfig({}).cookieSecure).toBe(false);
  });

  test('RUN_JOBS unset is true: the API runs the jobs unless a worker does', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    expect(loadConfig({ ...PRODUCTION }).runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: 'false' }).runJobs).toBe(false);
  });

  test.each(Object.keys(read) as (keyof typeof read)[])('%s reads every spelling', (name) => {
    for (const yes of ['true', 'TRUE', 'True', '1', 'yes', 'YES', ' true '])
      expect(read[name]({ [name]: yes })).toBe(true);
    for (const no of ['false', 'FALSE', '0', 'no', 'No']) expect(read[name]({ [name]: no })).toBe(false);
  });

  test.each(Object.keys(read))('%s=maybe is refused, naming it', (name) => {
    expect(refusal({ [name]: 'maybe' })).toEqual([`${name}: must be true or false (or 1/0, yes/no), got "maybe"`]);
  });
});

describe('migrate.js: its database settings come from the same schema', () => {
  test('DATABASE_URL or the PG* variables, and DATA_DIR, read as the API reads them', () => {
    const env = { PGHOST: 'postgres', PGUSER: 'gym', PGPASSWORD: 'p@ss w', PGDATABASE: 'gym', DATA_DIR: '/tmp/gym' };
    expect(loadDatabaseSettings(env)).toEqual({ databaseUrl: loadConfig(env).databaseUrl, dataDir: '/tmp/gym' });
    expect(loadDatabaseSettings({})).toEqual({ databaseUrl: undefined, dataDir: loadConfig({}).dataDir });
    expect(loadDatabaseSettings({ DATABASE_URL: 'postgres://a@b/c', PGHOST: '' }).databaseUrl).toBe('postgres://a@b/c');
  });

  test('it needs no secret beyond the database, even in production, and refuses a bad setting by name', () => {
    expect(loadDatabaseSettings({ NODE_ENV: 'production', PGHOST: 'postgres' }).databaseUrl).toBe(
      'postgres://postgres:5432/postgres',
    );
    expect(() => loadDatabaseSettings({ PGHOST: 'postgres', PGPORT: 'cinco' })).toThrow(
      new ConfigError(['PGPORT: must be a port number, got "cinco"']),
    );
  });

  test('migrate.ts reads no environment variable itself', () => {
    const source = readFileSync(path.join(__dirname, 'migrate.ts'), 'utf8');
    expect(source).toContain('loadDatabaseSettings()');
    expect(source).not.toMatch(/process\.env/);
  });
});
