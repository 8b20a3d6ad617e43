import { isIP } from 'node:net';
import path from 'node:path';
import { inspect } from 'node:util';
import { cityKey, DEFAULT_WEATHER_CITY } from '@gym/contracts/weather';
import { DEFAULT_GYM_ADDRESS, DEFAULT_PICKUP_HOURS } from '@gym/contracts/site';
import { firstRegistrationError } from '@gym/contracts/accounts';
import { ORDER_DEFAULT_LIMITS } from '@gym/contracts/orders';
import { ROLES } from '@gym/contracts/roles';
import { arcaSettingsFields, invoicingConfig } from './modules/invoices/invoices.settings';
import { pricingConfig, pricingSettingsFields } from './modules/pricing/pricing.settings';
import { whatsappConfig, whatsappSettingsFields } from './modules/messaging/messaging.settings';
import { settingRule, type Env } from './shared/setting-rule';
import { mixed, number, object, string, ValidationError, type InferType, type TestContext } from 'yup';

/**
 * Every setting is an environment variable, declared once in `settingsSchema` below: its type, its
 * default, its rules (production's among them) and the sentence docs/configuration.md shows for it
 * (`npx tsx backend/src/config-docs.ts` writes that file; a test fails when it drifts).
 */
declare module 'yup' {
  interface CustomSchemaMetadata {
    /** What the setting does, for docs/configuration.md (README's wording). */
    doc?: string;
    /** The default as the docs show it, when it is not the schema's own `.default()`. */
    shownDefault?: string;
  }
}

/** Development defaults, documented in the README; production refuses to start without real values. */
export const DEV_DEFAULTS = {
  staffCode: 'gym-dev-01',
  adminEmail: 'admin@gym.local',
  adminPassword: 'Admin1234',
  memberQrSecret: 'gym-dev-qr-secret-solo-para-desarrollo',
} as const;

/** How long unpaid orders hold their stock: every order, and one of more than `large.units` units. */
export const DEFAULT_ORDER_HOLD = { unpaidHours: 72, large: { units: 10, unpaidHours: 24 } } as const;

const REPO_ROOT = path.resolve(__dirname, '../..');

export const DEFAULT_MAIL_FROM = 'Gimnasio Tucumán <no-reply@gym.local>';
const DEFAULT_WEATHER_API_URL = 'https://api.weatherapi.com/v1';
const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
const DEFAULT_SOCIAL = {
  instagram: 'https://www.instagram.com/gymtucuman',
  facebook: 'https://www.facebook.com/gymtucuman',
} as const;

type DatabaseEnv = Partial<
  Record<'DATABASE_URL' | 'PGHOST' | 'PGPORT' | 'PGUSER' | 'PGPASSWORD' | 'PGDATABASE', string>
>;

const NODE_ENVS = ['development', 'production', 'test'] as const;
type NodeEnv = (typeof NODE_ENVS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const inProduction = (ctx: TestContext) => (ctx.parent as { NODE_ENV?: NodeEnv }).NODE_ENV === 'production';

const POSITIVE = 'must be a positive integer, got "${originalValue}"';

/** A whole number above zero (or zero too, with `zero`). */
const count = (fallback: number, doc: string, { zero = false } = {}) =>
  number()
    .typeError(zero ? 'must be 0 or a positive integer, got "${originalValue}"' : POSITIVE)
    .test(
      settingRule<number | undefined>((value) =>
        value === undefined || (Number.isInteger(value) && (value > 0 || (zero && value === 0)))
          ? undefined
          : zero
            ? `must be 0 or a positive integer, got "${value}"`
            : `must be a positive integer, got "${value}"`,
      ),
    )
    .default(fallback)
    .meta({ doc });

const BOOLEANS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** true/false, 1/0, yes/no in any case (TRUE works); anything else is refused, never read as false. */
const flag = (doc: string) =>
  mixed((value): value is boolean => typeof value === 'boolean')
    .transform((value: unknown) =>
      typeof value === 'string' ? (BOOLEANS[value.trim().toLowerCase()] ?? value) : value,
    )
    .typeError('must be true or false (or 1/0, yes/no), got "${originalValue}"')
    .meta({ doc });

/** An absolute URL of one of `protocols`, without trailing slashes; its messages never echo it. */
const link = (protocols: string[], doc: string) =>
  string()
    .transform((value: string) => value.replace(/\/+$/, ''))
    .test(
      settingRule<string | undefined>((value) => {
        if (value === undefined) return undefined;
        let parsed: URL;
        try {
          parsed = new URL(value);
        } catch {
          return `is not a valid URL; write it whole, e.g. ${protocols[0]}//host`;
        }
        // Never the value itself: SMTP_URL holds a password.
        return protocols.includes(parsed.protocol)
          ? undefined
          : `must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}//"`;
      }),
    )
    .meta({ doc });

/** Free text; trimmed. */
const text = (doc: string) => string().trim().meta({ doc });

/** A secret production must be given, of which development has a documented stand-in. */
const secret = (devDefault: string, doc: string) =>
  string().meta({ doc, shownDefault: `${devDefault} (development only); **required** in production` });

/**
 * Every environment variable the API reads, in the order docs/configuration.md lists them. Unset,
 * empty and blank are the same (docker-compose passes every optional setting as `${X:-}`).
 */
export const settingsSchema = object({
  PORT: count(8080, 'HTTP port of the API (and of the bundle, when built)'),
  METRICS_PORT: number()
    .typeError(POSITIVE)
    .test(
      settingRule<number | undefined>((v) =>
        v === undefined || (Number.isInteger(v) && v > 0) ? undefined : POSITIVE,
      ),
    )
    .meta({
      doc: 'port of `GET /metrics` (Prometheus text format) on a server of its own, for the internal network only; unset, none (compose sets 9464)',
    }),
  METRICS_HOST: string()
    .trim()
    .test(
      settingRule<string | undefined>((value, ctx) => {
        if (value === undefined || isIP(value)) return undefined;
        if (value !== 'private') return `must be an IP address or private, got "${value}"`;
        return databaseHost(databaseUrlFromEnv(ctx.parent as Env))
          ? undefined
          : 'private needs PostgreSQL reached over the network: set PGHOST or a DATABASE_URL with a host';
      }),
    )
    .meta({
      doc: 'the address that server listens on: unset, every interface; an IP address; or `private`, the address this container reaches PostgreSQL from (`PGHOST`/`PGPORT` or `DATABASE_URL`), so only the private network reaches the metrics (compose sets `private`; it needs PostgreSQL over the network)',
    }),
  RUN_JOBS: flag(
    "`false`: this API process runs no background job, a separate worker does (`node backend/dist/worker.js`, compose's `worker` service), so the API's event loop only serves requests. The worker needs PostgreSQL; with embedded PGlite the API runs them itself",
  )
    .default(true)
    .meta({ shownDefault: "`true` (`false` for compose's `api`)" }),
  WORKER_HEALTH_PORT: count(
    8081,
    "the worker's `GET /healthz` on 127.0.0.1 (compose's healthcheck): 200 `ok` while its scheduler ticked recently, 503 otherwise",
  ),
  NODE_ENV: mixed((value): value is NodeEnv => NODE_ENVS.some((e) => e === value))
    .transform((value: unknown) => (value === 'production' || value === 'test' ? value : 'development'))
    .default('development' as NodeEnv)
    .meta({ doc: '`production` turns on JSON logs and requires the secrets below; any other value is `development`' }),
  DATABASE_URL: string().meta({
    doc: '`postgres://…` uses a PostgreSQL server through `pg`; unset uses embedded PGlite',
  }),
  PGHOST: string().meta({
    doc: 'without `DATABASE_URL`, a PostgreSQL server given part by part (each escaped, so any generated password works); compose uses these',
  }),
  PGPORT: string()
    .matches(/^\d+$/, { message: 'must be a port number, got "${value}"' })
    .meta({ doc: "with `PGHOST`, the server's port", shownDefault: '`5432`' }),
  PGUSER: string().meta({ doc: 'with `PGHOST`, the user' }),
  PGPASSWORD: string().meta({ doc: "with `PGHOST`, the user's password (any characters)" }),
  PGDATABASE: string().meta({ doc: 'with `PGHOST`, the database', shownDefault: '`PGUSER`, else `postgres`' }),
  DATA_DIR: string().meta({ doc: 'where PGlite keeps its files', shownDefault: '`.data`' }),
  STATIC_DIR: string().meta({
    doc: 'the built bundle the API serves (skipped if it has no `index.html`)',
    shownDefault: '`frontend/dist`',
  }),
  STAFF_CODE: secret(
    '`gym-dev-01`',
    'the shared code that opens staff registration (at most 10 characters; production: 8 to 10, letters and digits); checked by the server, never shipped to the browser',
  ).test(
    settingRule<string | undefined>((value, ctx) => {
      const choose = 'choose 8 to 10 characters with letters and digits';
      if (value !== undefined && value.length > 10)
        return `must be at most 10 characters (the registration prompt accepts 10); ${choose}`;
      if (!inProduction(ctx)) return undefined;
      if (value === undefined) return `is required in production; ${choose}`;
      if (value === DEV_DEFAULTS.staffCode)
        return `must not be the documented development default in production; ${choose}`;
      if (value.length < 8 || !/[a-zA-Z]/.test(value) || !/\d/.test(value))
        return `must have 8 to 10 characters, with letters and digits, in production`;
      return undefined;
    }),
  ),
  ADMIN_EMAIL: secret('`admin@gym.local`', 'the staff account created when the database is empty')
    .trim()
    .lowercase()
    .test(
      settingRule<string | undefined>((value, ctx) => {
        if (!inProduction(ctx)) return undefined;
        if (value === undefined) return "is required in production; write the owner's real e-mail address";
        if (value === DEV_DEFAULTS.adminEmail) return "must be a real address in production; write the owner's";
        return undefined;
      }),
    ),
  ADMIN_PASSWORD: secret(
    '`Admin1234`',
    'its password (stored hashed); production refuses one that fails the registration rule, and every documented dev default',
  ).test(
    settingRule<string | undefined>((password, ctx) => {
      const shape = '8 to 16 characters without spaces, with a digit, a lower-case and an upper-case letter';
      if (!inProduction(ctx)) return undefined;
      if (password === undefined) return `is required in production; choose ${shape}`;
      if (password === DEV_DEFAULTS.adminPassword)
        return `must not be the documented development default in production; choose ${shape}`;
      const weak = firstRegistrationError({
        name: 'Administrador',
        lastname: 'Principal',
        email: 'admin@example.com',
        password,
      });
      return weak ? `must follow the registration rule in production: ${shape}` : undefined;
    }),
  ),
  MEMBER_QR_SECRET: secret(
    '`gym-dev-qr-secret-solo-para-desarrollo`',
    "signs the members' door QR (HMAC-SHA256); production requires at least 32 characters (`openssl rand -base64 32`) and refuses the dev one. Changing it voids every pass on screens (they renew within 5 minutes)",
  ).test(
    settingRule<string | undefined>((value, ctx) => {
      const make = 'make one with openssl rand -base64 32';
      if (!inProduction(ctx)) return undefined;
      if (value === undefined) return `is required in production; ${make}`;
      if (value === DEV_DEFAULTS.memberQrSecret || value.length < 32)
        return `must be at least 32 random characters in production; ${make}`;
      return undefined;
    }),
  ),
  STAFF_DEFAULT_ROLE: string()
    .oneOf(ROLES, 'must be dueno, recepcion or entrenador, got "${value}"')
    .default('recepcion')
    .meta({ doc: 'role of an account registered with the staff code: `dueno`, `recepcion` or `entrenador`' }),
  SEED_DEMO: flag(
    'demo products, plans and clients into an empty database; production creates only the schema and the first staff account',
  ).meta({ shownDefault: '`true`, `false` in production' }),
  MIGRATE_ON_START: flag(
    'run migrations at start; production runs `node backend/dist/migrate.js latest` as its own step and the API refuses to start on an older schema',
  ).meta({ shownDefault: '`true`, `false` in production' }),
  COOKIE_SECURE: flag('`true` when served over HTTPS: the session cookie becomes `__Host-sid; Secure` and HSTS is sent')
    .default(false)
    .meta({ shownDefault: '`false` (`true` in compose)' }),
  TRUST_PROXY: mixed<string | number | boolean>()
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      if (/^\d+$/.test(value)) return Number(value);
      return value === 'true' || value === 'false' ? value === 'true' : value;
    })
    .meta({
      doc: 'proxy hops whose `X-Forwarded-For` to believe (Express `trust proxy`): one, the edge nginx; `false` when the API faces clients directly',
      shownDefault: '`1` in production, `loopback` otherwise',
    }),
  SESSION_IDLE_MINUTES: count(120, 'a staff session ends after this long without use'),
  SESSION_MAX_HOURS: count(12, 'and after this long in any case'),
  MEMBER_SESSION_MAX_DAYS: count(
    90,
    "a member's portal session (30 days sliding with use) ends this many days after its link opened it, however often used: then 401 `Tu sesión venció. Pedí un enlace nuevo para entrar a tu cuenta.`",
  ),
  DOOR_REPEAT_MINUTES: count(
    120,
    'anti-passback: the same member again at the door within this many minutes of an entry that counted answers amber, `Ya ingresó hoy a las HH:MM`, kept as a repeat and not counted as a visit',
  ),
  AUSENCIA_DIAS: count(
    14,
    "an active member with no visit (a check-in that counted) in this many days is on the panel's *Socios en riesgo* list",
  ),
  NO_SHOWS_BLOQUEO: count(
    3,
    'no-shows to booked classes in 30 days that block booking for 7 days from the last one (409 saying why and until when); the desk can lift it',
  ),
  LOGIN_MAX_FAILURES: count(
    10,
    "login tries per (e-mail, address) and staff-code tries per address in 15 minutes before 429 (an address gets 3×; an e-mail's failures from every address only add a delay, up to 4 s, never a block)",
  ),
  MEMBER_UPLOADS_PENDING_MAX: count(
    3,
    'transfer receipts one member may have waiting for the desk; one more is 409, naming the ones waiting',
  ),
  MEMBER_UPLOADS_PER_DAY: count(
    10,
    'transfer receipts one member may upload in 24 hours (a rolling window, counted in PostgreSQL, across replicas); past it 429',
  ),
  PUBLIC_ORIGIN: link(
    ['http:', 'https:'],
    "the site's origin as browsers see it (`https://gym.example`); a state-changing request's `Origin` must equal it (scheme, host and port). Unset: the request's own scheme and `Host` (set it in production)",
  ),
  IMAGE_HOSTS: string().meta({
    doc: "comma-separated hosts a product's `https://` image may come from; paths of this site (`/img/…`) are always allowed",
  }),
  CATALOGUE_INDEX: flag(
    "`false` turns off the catalogue's in-memory index (pages, totals and name searches computed in the API process, about 15 MB at 100k products; docs/decisions/0001): every page and search is then read by SQL",
  ).default(true),
  WEATHER_CITIES: string().default(DEFAULT_WEATHER_CITY).meta({
    doc: 'comma-separated cities forwarded to the provider (matched without case or accents); any other city is 400',
  }),
  WEATHER_CALLS_PER_MINUTE: count(
    30,
    'most provider calls per minute per API process; past it 503 without a call (a failure is also remembered 30 s)',
  ),
  PASSWORD_HASH_LOG_N: count(17, 'scrypt cost, as log2 N (r = 8, p = 1)'),
  DB_TIMEOUT_MS: count(5000, 'connection and statement time-out against a PostgreSQL server'),
  LOG_LEVEL: string()
    .oneOf(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}, got "\${value}"`)
    .meta({ doc: 'pino level', shownDefault: '`info` (`silent` in tests)' }),
  SMTP_URL: link(
    ['smtp:', 'smtps:'],
    '`smtp://user:pass@host:587` (or `smtps://…`): staff messages go out by SMTP (10 s time-out); unset writes each one as an `.eml` file in `<DATA_DIR>/outbox` in development, and production refuses to start without it',
  )
    .test(
      settingRule<string | undefined>((value, ctx) =>
        value === undefined && inProduction(ctx)
          ? 'is required in production: without it no message would reach anyone; set smtp://user:pass@host:587'
          : undefined,
      ),
    )
    .meta({ shownDefault: 'unset; **required** with `NODE_ENV=production`' }),
  MAIL_FROM: string().default(DEFAULT_MAIL_FROM).meta({ doc: 'sender of staff messages' }),
  WEATHER_API_URL: link(['http:', 'https:'], "weather provider, in weatherapi.com's `current.json` shape").default(
    DEFAULT_WEATHER_API_URL,
  ),
  WEATHER_API_KEY: string().meta({
    doc: "the provider's key, used by the server only (never sent to the browser nor logged); unset makes `GET /v1/weather` answer 503",
  }),
  SOCIAL_INSTAGRAM_URL: link(['https:'], "the footer's link to the gym's Instagram (`https://` only)").default(
    DEFAULT_SOCIAL.instagram,
  ),
  SOCIAL_FACEBOOK_URL: link(['https:'], "the footer's link to the gym's Facebook (`https://` only)").default(
    DEFAULT_SOCIAL.facebook,
  ),
  WHATSAPP_NUMBER: string()
    .transform((value: string) => value.replace(/[\s+-]/g, ''))
    .matches(/^\d{8,15}$/, {
      message: 'must be 8 to 15 digits in international form (5493815550123), got "${originalValue}"',
    })
    .meta({
      doc: "the footer's WhatsApp link and the receipt's WhatsApp on the order page and e-mails, in international digits (`5493815550123`); unset hides it",
    }),
  SITE_URL: link(['http:', 'https:'], 'the public address every order e-mail links to (`https://tu-dominio.com.ar`)')
    .test(
      settingRule<string | undefined>((value, ctx) =>
        value === undefined && inProduction(ctx)
          ? 'is required in production: the e-mails link to it; set https://tu-dominio.com.ar'
          : undefined,
      ),
    )
    .meta({ shownDefault: '`http://localhost:<PORT>` outside production; **required** with `NODE_ENV=production`' }),
  ORDER_NOTIFY_EMAIL: string()
    .default('ventas@gym.local')
    .meta({ doc: "where the gym is told of each new order, and where buyers send a transfer's receipt" }),
  GYM_ADDRESS: text(
    "the gym's street address: the order page, the order e-mails, the footer, Quiénes somos and the FAQ (the default is a placeholder: set the real one)",
  ).default(DEFAULT_GYM_ADDRESS),
  PICKUP_HOURS: text('when orders are picked up, shown beside the address').default(DEFAULT_PICKUP_HOURS),
  TRANSFER_ALIAS: string()
    .default('gimnasio.tucuman')
    .meta({ doc: 'the alias shown to a buyer who pays by transfer (set the real one in production)' }),
  TRANSFER_CBU: string()
    .default('0000000000000000000000')
    .meta({ doc: 'the CBU shown to a buyer who pays by transfer (set the real one in production)' }),
  TRANSFER_HOLDER: string()
    .default('Gimnasio Tucumán')
    .meta({ doc: "the transfer account's holder shown to a buyer (set the real one in production)" }),
  ORDER_MAX_PER_ADDRESS: count(10, 'orders one address may place in 10 minutes before 429'),
  ORDER_UNPAID_HOURS: count(
    DEFAULT_ORDER_HOLD.unpaidHours,
    'a pending (unpaid) order older than this is cancelled by a background job and its stock returned',
  ),
  ORDER_MAX_UNITS_PER_VARIANT: count(
    ORDER_DEFAULT_LIMITS.unitsPerVariant,
    "units of one size and colour a shop buyer may take in one order (409 past it; the product page's quantity stops there); staff signed in as dueño or recepción are not limited",
  ),
  ORDER_MAX_UNITS: count(ORDER_DEFAULT_LIMITS.unitsPerOrder, 'units per order for a shop buyer (409 past it)'),
  ORDER_MAX_UNPAID_UNITS: number()
    .nullable()
    .transform((value: number, original: unknown) => (original === 'off' ? null : value))
    .typeError('must be a positive integer or off, got "${originalValue}"')
    .test(
      settingRule<number | null | undefined>((v) =>
        v === null || v === undefined || (Number.isInteger(v) && v > 0)
          ? undefined
          : `must be a positive integer or off, got "${v}"`,
      ),
    )
    .default(ORDER_DEFAULT_LIMITS.unpaidUnits)
    .meta({
      doc: 'unpaid units a shop buyer may hold at once, counted per e-mail and per address (429 past it, saying what is left); `off` lifts it (the benchmark)',
    }),
  ORDER_LARGE_UNITS: count(
    DEFAULT_ORDER_HOLD.large.units,
    'a pending order of more than this many units is a large hold…',
  ),
  ORDER_LARGE_UNPAID_HOURS: count(
    DEFAULT_ORDER_HOLD.large.unpaidHours,
    '…cancelled by the background job after this many hours (at most `ORDER_UNPAID_HOURS`)',
  ),
  MERCADOPAGO_ACCESS_TOKEN: string()
    .trim()
    .test(pairedWith('MERCADOPAGO_WEBHOOK_SECRET', 'the token is the production one, APP_USR-…'))
    .meta({
      doc: "the gym's Mercado Pago access token (server only; never sent to the browser nor logged). With it and the secret below the shop's checkout and the member portal offer *Mercado Pago*; unset, the method is not shown and its routes do not exist",
    }),
  MERCADOPAGO_WEBHOOK_SECRET: string()
    .trim()
    .test(pairedWith('MERCADOPAGO_ACCESS_TOKEN', 'copy the secret signature from Tus integraciones → Webhooks'))
    .meta({
      doc: 'the secret Mercado Pago signs notifications with (*Tus integraciones → Webhooks*); required together with the token',
    }),
  MERCADOPAGO_API_URL: link(
    ['http:', 'https:'],
    'where the API reaches the provider (the tests and `make start-mp` point it at the local fake)',
  ).default(DEFAULT_MERCADOPAGO_API_URL),
  MERCADOPAGO_RECONCILE_MINUTES: count(
    15,
    'a payment still pending after this long is asked of the provider by the reconciliation job (every 5 minutes), so a lost notification loses nothing',
    { zero: true },
  ),
  MEMBER_RENEWALS_PER_10_MIN: count(
    5,
    'new Mercado Pago renewals one member may start in 10 minutes (counted in PostgreSQL, across replicas); asking again for the same months answers the open one and does not count; past it 429',
  ),
  ...arcaSettingsFields,
  ...pricingSettingsFields,
  ...whatsappSettingsFields,
});

/** The settings, checked and typed: what `settingsSchema` makes of the environment. */
type Settings = InferType<typeof settingsSchema>;

/** Both credentials or neither: a token without the secret could take money it can never confirm. */
function pairedWith(other: 'MERCADOPAGO_ACCESS_TOKEN' | 'MERCADOPAGO_WEBHOOK_SECRET', what: string) {
  return settingRule<string | undefined>((value, ctx) =>
    value === undefined && (ctx.parent as Env)[other] !== undefined
      ? `is missing while ${other} is set: the two go together, set both or neither; ${what}`
      : undefined,
  );
}

/** A bad or missing setting: `lines` holds one line per bad setting, `NAME: what is wrong; how to fix it`. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }

  /** Printed (console.error) as its lines alone: a stack trace would only hide them. */
  [inspect.custom]() {
    const many = this.lines.length === 1 ? '1 setting' : `${this.lines.length} settings`;
    return `${many} to fix (docs/configuration.md):\n${this.message}`;
  }
}

/** Unset, empty and blank mean the same: not given. Only the schema's own names are read. */
function given(env: Env, names: string[]): Env {
  const picked: Env = {};
  for (const name of names) if (env[name]?.trim()) picked[name] = env[name];
  return picked;
}

function check<S extends { validateSync(value: unknown, options: object): unknown; fields: object }>(
  schema: S,
  env: Env,
): ReturnType<S['validateSync']> {
  try {
    return schema.validateSync(given(env, Object.keys(schema.fields)), { abortEarly: false }) as ReturnType<
      S['validateSync']
    >;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const lines = new Map<string, string>();
    for (const inner of err.inner.length ? err.inner : [err]) {
      const name = inner.path ?? '?';
      if (!lines.has(name)) lines.set(name, `${name}: ${inner.message}`);
    }
    throw new ConfigError([...lines.values()]);
  }
}

/**
 * DATABASE_URL, or one built from PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE (the names
 * psql and pg_dump read) with each part escaped, so a generated password with any character works.
 */
export function databaseUrlFromEnv(env: DatabaseEnv): string | undefined {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  if (!env.PGHOST) return undefined;
  const e = encodeURIComponent;
  const auth = env.PGUSER ? `${e(env.PGUSER)}${env.PGPASSWORD ? `:${e(env.PGPASSWORD)}` : ''}@` : '';
  return `postgres://${auth}${env.PGHOST}:${env.PGPORT || '5432'}/${e(env.PGDATABASE || env.PGUSER || 'postgres')}`;
}

/** PostgreSQL's host and port when reached over the network (not through a Unix socket). */
function databaseHost(databaseUrl: string | undefined): { host: string; port: number } | undefined {
  if (!databaseUrl) return undefined;
  let db: URL;
  try {
    db = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  const host = db.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host || db.searchParams.has('host')) return undefined;
  return { host, port: Number(db.port || 5432) };
}

/**
 * Every interface (null); one address; or `reach`: the local address this container reaches that host
 * and port from (METRICS_HOST=private: PostgreSQL's, so only compose's private network reaches GET /metrics).
 */
export type MetricsHost = null | { address: string } | { reach: { host: string; port: number } };

function metricsHost(raw: string | undefined, databaseUrl: string | undefined): MetricsHost {
  if (!raw) return null;
  if (raw !== 'private') return { address: raw };
  return { reach: databaseHost(databaseUrl)! };
}

const dataDirOf = (s: Pick<Settings, 'DATA_DIR'>) => path.resolve(s.DATA_DIR || path.join(REPO_ROOT, '.data'));

/** The settings `migrate.js` needs: the database's, read by the same schema, no secret beyond them. */
const databaseSchema = settingsSchema.pick([
  'DATABASE_URL',
  'PGHOST',
  'PGPORT',
  'PGUSER',
  'PGPASSWORD',
  'PGDATABASE',
  'DATA_DIR',
]);

export function loadDatabaseSettings(env: Env = process.env): { databaseUrl: string | undefined; dataDir: string } {
  const s = check(databaseSchema, env);
  return { databaseUrl: databaseUrlFromEnv(s), dataDir: dataDirOf(s) };
}

/** The shape the rest of the API reads, made from the checked settings. */
function appConfig(s: Settings) {
  const env: NodeEnv = s.NODE_ENV;
  const production = env === 'production';
  const databaseUrl = databaseUrlFromEnv(s);
  const list = (raw: string | undefined, each: (item: string) => string) =>
    (raw ?? '').split(',').map(each).filter(Boolean);
  const mercadoPago =
    s.MERCADOPAGO_ACCESS_TOKEN && s.MERCADOPAGO_WEBHOOK_SECRET
      ? {
          apiUrl: s.MERCADOPAGO_API_URL,
          accessToken: s.MERCADOPAGO_ACCESS_TOKEN,
          webhookSecret: s.MERCADOPAGO_WEBHOOK_SECRET,
          /** A payment still pending after this long is asked of the provider (MERCADOPAGO_RECONCILE_MINUTES). */
          reconcileMinutes: s.MERCADOPAGO_RECONCILE_MINUTES,
          /** New renewals one member may start in 10 minutes (MEMBER_RENEWALS_PER_10_MIN); then 429. */
          renewalsPer10Min: s.MEMBER_RENEWALS_PER_10_MIN,
        }
      : undefined;
  return {
    env,
    port: s.PORT,
    /** The internal port of GET /metrics (Prometheus); unset, no metrics server (development). */
    metricsPort: s.METRICS_PORT ?? null,
    /** Where GET /metrics listens (METRICS_HOST); unset, every interface (development). */
    metricsHost: metricsHost(s.METRICS_HOST, databaseUrl),
    /** Whether this API process runs the background jobs (RUN_JOBS); false, a worker process does. */
    runJobs: s.RUN_JOBS,
    /** The worker's liveness port on 127.0.0.1 (WORKER_HEALTH_PORT). */
    workerHealthPort: s.WORKER_HEALTH_PORT,
    databaseUrl,
    dataDir: dataDirOf(s),
    staticDir: path.resolve(s.STATIC_DIR || path.join(REPO_ROOT, 'frontend/dist')),
    staffCode: s.STAFF_CODE ?? DEV_DEFAULTS.staffCode,
    admin: {
      email: s.ADMIN_EMAIL ?? DEV_DEFAULTS.adminEmail,
      password: s.ADMIN_PASSWORD ?? DEV_DEFAULTS.adminPassword,
    },
    /** Signs the members' door QR (MEMBER_QR_SECRET): anyone holding it could make a pass for anybody. */
    memberQrSecret: s.MEMBER_QR_SECRET ?? DEV_DEFAULTS.memberQrSecret,
    /** Role of an account registered with the staff code. */
    staffDefaultRole: s.STAFF_DEFAULT_ROLE,
    cookieSecure: s.COOKIE_SECURE,
    /** Express's `trust proxy`: by default exactly one hop (the edge nginx) in production, loopback elsewhere. */
    trustProxy: s.TRUST_PROXY ?? (production ? 1 : 'loopback'),
    /** Demo products, plans and clients into an empty database: on outside production unless SEED_DEMO says otherwise. */
    seedDemo: s.SEED_DEMO ?? !production,
    /** Run migrations at start (development and tests); production runs `migrate.js` as its own step and only checks. */
    migrateOnStart: s.MIGRATE_ON_START ?? !production,
    /** Hosts a product's https image may come from (IMAGE_HOSTS); paths of this site are always allowed. */
    imageHosts: list(s.IMAGE_HOSTS, (host) => host.trim().toLowerCase()),
    /** The catalogue's in-memory index (CATALOGUE_INDEX, on by default): off, every page and search is read by SQL. */
    catalogueIndex: s.CATALOGUE_INDEX,
    /** The site's origin as browsers see it (https://gym.example); the CSRF check compares Origin with it. */
    publicOrigin: s.PUBLIC_ORIGIN ? new URL(s.PUBLIC_ORIGIN).origin : undefined,
    session: { idleMinutes: s.SESSION_IDLE_MINUTES, maxHours: s.SESSION_MAX_HOURS },
    /** A member's portal session: it slides 30 days with use, and ends this many days after the link opened it. */
    memberSession: { maxDays: s.MEMBER_SESSION_MAX_DAYS },
    /** A second entry of the same member at the door within this many minutes answers amber, as a repeat. */
    door: { repeatMinutes: s.DOOR_REPEAT_MINUTES },
    /** Members who stop coming: AUSENCIA_DIAS for the risk list, NO_SHOWS_BLOQUEO for the no-show rule. */
    retention: { absenceDays: s.AUSENCIA_DIAS, noShowsBlock: s.NO_SHOWS_BLOQUEO },
    throttle: { maxFailures: s.LOGIN_MAX_FAILURES, windowMinutes: 15 },
    /** A member's transfer receipts: at most `pendingMax` waiting for the desk and `perDay` uploads a day. */
    memberUploads: { pendingMax: s.MEMBER_UPLOADS_PENDING_MAX, perDay: s.MEMBER_UPLOADS_PER_DAY },
    passwordHashLogN: s.PASSWORD_HASH_LOG_N,
    dbTimeoutMs: s.DB_TIMEOUT_MS,
    logLevel: s.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    /** SMTP when smtpUrl is set; otherwise (never in production) messages are written to <dataDir>/outbox. */
    mail: { smtpUrl: s.SMTP_URL, from: s.MAIL_FROM },
    /** weatherapi.com-shaped provider; without a key the weather answers 503. */
    weather: {
      apiUrl: s.WEATHER_API_URL,
      apiKey: s.WEATHER_API_KEY,
      cities: list(s.WEATHER_CITIES, cityKey),
      callsPerMinute: s.WEATHER_CALLS_PER_MINUTE,
    },
    /**
     * Mercado Pago (issue 29): with an access token and the webhook's secret the shop and the member
     * portal offer it; without them the method is not shown. `apiUrl` points the tests at the fake.
     */
    mercadoPago,
    /** ARCA's electronic invoices (issue 44): undefined, invoicing off, until ARCA_CUIT, _PTO_VTA, _CERT and _KEY are set. */
    invoicing: invoicingConfig(s),
    /** Price changes (issue 47): where the IPC is read (IPC_API_URL) and the notice's days (AVISO_PRECIO_DIAS). */
    pricing: pricingConfig(s, production),
    /** The WhatsApp Cloud API (issue 46): undefined until WHATSAPP_TOKEN, _PHONE_NUMBER_ID, _APP_SECRET and _VERIFY_TOKEN are set. */
    whatsapp: whatsappConfig(s),
    /** The footer's social links (https) and WhatsApp number (international digits); unset ones are not shown. */
    social: {
      instagramUrl: s.SOCIAL_INSTAGRAM_URL as string | undefined,
      facebookUrl: s.SOCIAL_FACEBOOK_URL as string | undefined,
      whatsappNumber: s.WHATSAPP_NUMBER,
    },
    /** The shop's orders: who is told, where to transfer, the per-address limit, when unpaid ones are cancelled. */
    orders: {
      /** The links in e-mails: SITE_URL, required in production; in development it follows PORT. */
      siteUrl: s.SITE_URL ?? `http://localhost:${s.PORT}`,
      /** Told of every order, and where buyers send a transfer's receipt. */
      notifyEmail: s.ORDER_NOTIFY_EMAIL,
      /** Where and when orders are picked up: GYM_ADDRESS and PICKUP_HOURS. */
      pickup: { address: s.GYM_ADDRESS, hours: s.PICKUP_HOURS },
      transfer: { alias: s.TRANSFER_ALIAS, cbu: s.TRANSFER_CBU, titular: s.TRANSFER_HOLDER },
      throttle: { maxOrders: s.ORDER_MAX_PER_ADDRESS, windowMinutes: 10 },
      unpaidHours: s.ORDER_UNPAID_HOURS,
      /** What an anonymous buyer may take (staff at the desk are not limited); `unpaidUnits` null: no cap. */
      limits: {
        unitsPerVariant: s.ORDER_MAX_UNITS_PER_VARIANT,
        unitsPerOrder: s.ORDER_MAX_UNITS,
        unpaidUnits: s.ORDER_MAX_UNPAID_UNITS,
      },
      /** An unpaid order of more than `units` units is cancelled after `unpaidHours` (at most ORDER_UNPAID_HOURS). */
      large: {
        units: s.ORDER_LARGE_UNITS,
        unpaidHours: Math.min(s.ORDER_LARGE_UNPAID_HOURS, s.ORDER_UNPAID_HOURS),
      },
    },
  };
}

export type AppConfig = ReturnType<typeof appConfig>;

/**
 * Reads and checks the environment once, at start-up; nothing else reads process.env. Every bad or
 * missing setting at once: a ConfigError with one line each.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  return appConfig(check(settingsSchema, env));
}
