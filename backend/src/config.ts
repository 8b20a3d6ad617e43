import { isIP } from 'node:net';
import path from 'node:path';
import {
  cityKey,
  DEFAULT_GYM_ADDRESS,
  DEFAULT_PICKUP_HOURS,
  DEFAULT_WEATHER_CITY,
  firstRegistrationError,
  isRole,
  ORDER_DEFAULT_LIMITS,
  type Role,
} from '@gym/contracts';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The internal port of GET /metrics (Prometheus); unset, no metrics server (development). */
  metricsPort: number | null;
  /** Where GET /metrics listens (METRICS_HOST); unset, every interface (development). */
  metricsHost: MetricsHost;
  databaseUrl: string | undefined;
  dataDir: string;
  staticDir: string;
  staffCode: string;
  admin: { email: string; password: string };
  /** Signs the members' door QR (MEMBER_QR_SECRET): anyone holding it could make a pass for anybody. */
  memberQrSecret: string;
  /** Role of an account registered with the staff code. */
  staffDefaultRole: Role;
  cookieSecure: boolean;
  /** Express's `trust proxy`: by default exactly one hop (the edge nginx) in production, loopback elsewhere. */
  trustProxy: string | number | boolean;
  /** Demo products, plans and clients into an empty database: on outside production unless SEED_DEMO says otherwise. */
  seedDemo: boolean;
  /** Run migrations at start (development and tests); production runs `migrate.js` as its own step and only checks. */
  migrateOnStart: boolean;
  /** The site's origin as browsers see it (https://gym.example); the CSRF check compares Origin with it. */
  publicOrigin: string | undefined;
  /** Hosts a product's https image may come from (IMAGE_HOSTS); paths of this site are always allowed. */
  imageHosts: string[];
  /** The catalogue's in-memory index (CATALOGUE_INDEX, on by default): off, every page and search is read by SQL. */
  catalogueIndex: boolean;
  session: { idleMinutes: number; maxHours: number };
  /** A member's portal session: it slides 30 days with use, and ends this many days after the link opened it. */
  memberSession: { maxDays: number };
  /** A second entry of the same member at the door within this many minutes answers amber, as a repeat. */
  door: { repeatMinutes: number };
  throttle: { maxFailures: number; windowMinutes: number };
  /** A member's transfer receipts: at most `pendingMax` waiting for the desk and `perDay` uploads a day. */
  memberUploads: { pendingMax: number; perDay: number };
  passwordHashLogN: number;
  dbTimeoutMs: number;
  logLevel: string;
  /** SMTP when smtpUrl is set; otherwise (never in production) messages are written to <dataDir>/outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /** weatherapi.com-shaped provider; without a key the weather answers 503. */
  weather: { apiUrl: string; apiKey: string | undefined; cities: string[]; callsPerMinute: number };
  /** The footer's social links (https) and WhatsApp number (international digits); unset ones are not shown. */
  social: { instagramUrl: string | undefined; facebookUrl: string | undefined; whatsappNumber: string | undefined };
  /**
   * Mercado Pago (issue 29): with an access token and the webhook's secret the shop and the member
   * portal offer it; without them the method is not shown. `apiUrl` points the tests at the fake.
   */
  mercadoPago:
    | {
        apiUrl: string;
        accessToken: string;
        webhookSecret: string;
        /** A payment still pending after this long is asked of the provider (MERCADOPAGO_RECONCILE_MINUTES). */
        reconcileMinutes: number;
        /** New renewals one member may start in 10 minutes (MEMBER_RENEWALS_PER_10_MIN); then 429. */
        renewalsPer10Min: number;
      }
    | undefined;
  /** The shop's orders: who is told, where to transfer, the per-address limit, when unpaid ones are cancelled. */
  orders: {
    /** The links in e-mails: SITE_URL, required in production. */
    siteUrl: string;
    /** Told of every order, and where buyers send a transfer's receipt. */
    notifyEmail: string;
    /** Where and when orders are picked up: GYM_ADDRESS and PICKUP_HOURS. */
    pickup: { address: string; hours: string };
    transfer: { alias: string; cbu: string; titular: string };
    throttle: { maxOrders: number; windowMinutes: number };
    unpaidHours: number;
    /** What an anonymous buyer may take (staff at the desk are not limited); `unpaidUnits` null: no cap. */
    limits: { unitsPerVariant: number; unitsPerOrder: number; unpaidUnits: number | null };
    /** An unpaid order of more than `units` units is cancelled after `unpaidHours` (at most ORDER_UNPAID_HOURS). */
    large: { units: number; unpaidHours: number };
  };
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
export const DEFAULT_WEATHER_API_URL = 'https://api.weatherapi.com/v1';
export const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

/** Both credentials or neither: a token without the secret could take money it can never confirm. */
function mercadoPago(env: Env): AppConfig['mercadoPago'] {
  const accessToken = env.MERCADOPAGO_ACCESS_TOKEN?.trim();
  const webhookSecret = env.MERCADOPAGO_WEBHOOK_SECRET?.trim();
  if (!accessToken && !webhookSecret) return undefined;
  if (!accessToken || !webhookSecret)
    throw new Error('MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET go together: set both or neither');
  const apiUrl = url(env, 'MERCADOPAGO_API_URL', ['http:', 'https:'], DEFAULT_MERCADOPAGO_API_URL)!;
  const raw = env.MERCADOPAGO_RECONCILE_MINUTES;
  const reconcileMinutes = raw === '0' ? 0 : int(env, 'MERCADOPAGO_RECONCILE_MINUTES', 15);
  const renewalsPer10Min = int(env, 'MEMBER_RENEWALS_PER_10_MIN', 5);
  return { apiUrl, accessToken, webhookSecret, reconcileMinutes, renewalsPer10Min };
}
export const DEFAULT_SOCIAL = {
  instagram: 'https://www.instagram.com/gymtucuman',
  facebook: 'https://www.facebook.com/gymtucuman',
} as const;

function whatsappNumber(env: Env): string | undefined {
  const raw = env.WHATSAPP_NUMBER?.replace(/[\s+-]/g, '');
  if (!raw) return undefined;
  if (!/^\d{8,15}$/.test(raw)) throw new Error('WHATSAPP_NUMBER must be 8 to 15 digits in international form');
  return raw;
}

type Env = Record<string, string | undefined>;

/**
 * Every interface (null); one address; or `reach`: the local address this container reaches that host
 * and port from (METRICS_HOST=private: PostgreSQL's, so only compose's private network reaches GET /metrics).
 */
export type MetricsHost = null | { address: string } | { reach: { host: string; port: number } };

function metricsHost(env: Env, databaseUrl: string | undefined): MetricsHost {
  const raw = env.METRICS_HOST?.trim();
  if (!raw) return null;
  if (isIP(raw)) return { address: raw };
  if (raw !== 'private') throw new Error(`METRICS_HOST must be an IP address or private, got "${raw}"`);
  const db = databaseUrl ? new URL(databaseUrl) : undefined;
  const host = db?.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!db || !host || db.searchParams.has('host')) {
    throw new Error(
      'METRICS_HOST=private needs PostgreSQL reached over the network (PGHOST or DATABASE_URL with a host)',
    );
  }
  return { reach: { host, port: Number(db.port || 5432) } };
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** A positive integer, or `off` for no limit at all (the benchmark's single address). */
function limitOrOff(env: Env, name: string, fallback: number): number | null {
  return env[name] === 'off' ? null : int(env, name, fallback);
}

function required(env: Env, name: string, devDefault: string, production: boolean): string {
  const value = env[name];
  if (value) return value;
  if (production) throw new Error(`${name} is required in production`);
  return devDefault;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function trustProxy(raw: string | undefined, production: boolean): string | number | boolean {
  if (raw === undefined || raw === '') return production ? 1 : 'loopback';
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

/** Production refuses the README's development defaults and secrets anyone could guess. */
function checkProductionSecrets(staffCode: string, admin: { email: string; password: string }): void {
  if (staffCode === DEV_DEFAULTS.staffCode || admin.password === DEV_DEFAULTS.adminPassword) {
    throw new Error('STAFF_CODE and ADMIN_PASSWORD must not be the documented development defaults in production');
  }
  if (admin.email === DEV_DEFAULTS.adminEmail) throw new Error('ADMIN_EMAIL must be a real address in production');
  if (staffCode.length < 8 || !/[a-zA-Z]/.test(staffCode) || !/\d/.test(staffCode)) {
    throw new Error('STAFF_CODE must have 8 to 10 characters, with letters and digits, in production');
  }
  const weak = firstRegistrationError({
    name: 'Administrador',
    lastname: 'Principal',
    email: 'admin@example.com',
    password: admin.password,
  });
  if (weak) {
    throw new Error(
      'ADMIN_PASSWORD must follow the registration rule in production: 8 to 16 characters without spaces, with a digit, a lower-case and an upper-case letter',
    );
  }
}

function url(env: Env, name: string, protocols: string[], fallback?: string): string | undefined {
  const raw = env[name] || fallback;
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must start with ${protocols.join(' or ')}//`);
  return raw.replace(/\/+$/, '');
}

/**
 * The e-mails' links: production refuses to start without SITE_URL, so none points at the development
 * localhost; in development they follow PORT (`PORT=3000 make start` mails links to :3000).
 */
function siteUrl(env: Env, production: boolean): string {
  const local = `http://localhost:${int(env, 'PORT', 8080)}`;
  const value = url(env, 'SITE_URL', ['http:', 'https:'], production ? undefined : local);
  if (!value) throw new Error('SITE_URL is required in production: the e-mails link to it (https://tu-dominio.com.ar)');
  return value;
}

/** A free-text setting: unset or blank takes the default. */
const text = (env: Env, name: string, fallback: string) => env[name]?.trim() || fallback;

/**
 * DATABASE_URL, or one built from PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE (the names
 * psql and pg_dump read) with each part escaped, so a generated password with any character works.
 */
export function databaseUrlFromEnv(env: Env): string | undefined {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  if (!env.PGHOST) return undefined;
  const e = encodeURIComponent;
  const auth = env.PGUSER ? `${e(env.PGUSER)}${env.PGPASSWORD ? `:${e(env.PGPASSWORD)}` : ''}@` : '';
  return `postgres://${auth}${env.PGHOST}:${env.PGPORT || '5432'}/${e(env.PGDATABASE || env.PGUSER || 'postgres')}`;
}

function staffRole(raw: string | undefined): Role {
  const value = raw || 'recepcion';
  if (!isRole(value)) throw new Error(`STAFF_DEFAULT_ROLE must be dueno, recepcion or entrenador, got "${value}"`);
  return value;
}

/** Reads and checks the environment once, at start-up; nothing else reads process.env. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const production = nodeEnv === 'production';
  const staffCode = required(env, 'STAFF_CODE', DEV_DEFAULTS.staffCode, production);
  if (staffCode.length > 10) throw new Error('STAFF_CODE must be at most 10 characters (the prompt accepts 10)');
  const admin = {
    email: required(env, 'ADMIN_EMAIL', DEV_DEFAULTS.adminEmail, production).trim().toLowerCase(),
    password: required(env, 'ADMIN_PASSWORD', DEV_DEFAULTS.adminPassword, production),
  };
  if (production) checkProductionSecrets(staffCode, admin);
  const memberQrSecret = required(env, 'MEMBER_QR_SECRET', DEV_DEFAULTS.memberQrSecret, production);
  if (production && (memberQrSecret === DEV_DEFAULTS.memberQrSecret || memberQrSecret.length < 32)) {
    throw new Error('MEMBER_QR_SECRET must be at least 32 random characters in production (openssl rand -base64 32)');
  }
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (production && !smtpUrl) {
    throw new Error(
      'SMTP_URL is required in production: without it no message would reach anyone (smtp://user:pass@host:587)',
    );
  }
  const unpaidHours = int(env, 'ORDER_UNPAID_HOURS', DEFAULT_ORDER_HOLD.unpaidHours);
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 8080),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 9464) : null,
    metricsHost: metricsHost(env, databaseUrlFromEnv(env)),
    databaseUrl: databaseUrlFromEnv(env),
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    staticDir: path.resolve(env.STATIC_DIR || path.join(REPO_ROOT, 'frontend/dist')),
    staffCode,
    admin,
    memberQrSecret,
    staffDefaultRole: staffRole(env.STAFF_DEFAULT_ROLE),
    cookieSecure: env.COOKIE_SECURE === 'true',
    trustProxy: trustProxy(env.TRUST_PROXY, production),
    seedDemo: bool(env, 'SEED_DEMO', !production),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', !production),
    imageHosts: (env.IMAGE_HOSTS || '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    catalogueIndex: bool(env, 'CATALOGUE_INDEX', true),
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(url(env, 'PUBLIC_ORIGIN', ['http:', 'https:'])!).origin : undefined,
    session: { idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 120), maxHours: int(env, 'SESSION_MAX_HOURS', 12) },
    memberSession: { maxDays: int(env, 'MEMBER_SESSION_MAX_DAYS', 90) },
    door: { repeatMinutes: int(env, 'DOOR_REPEAT_MINUTES', 120) },
    throttle: { maxFailures: int(env, 'LOGIN_MAX_FAILURES', 10), windowMinutes: 15 },
    memberUploads: {
      pendingMax: int(env, 'MEMBER_UPLOADS_PENDING_MAX', 3),
      perDay: int(env, 'MEMBER_UPLOADS_PER_DAY', 10),
    },
    passwordHashLogN: int(env, 'PASSWORD_HASH_LOG_N', 17),
    dbTimeoutMs: int(env, 'DB_TIMEOUT_MS', 5000),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    mail: { smtpUrl, from: env.MAIL_FROM || DEFAULT_MAIL_FROM },
    weather: {
      apiUrl: url(env, 'WEATHER_API_URL', ['http:', 'https:'], DEFAULT_WEATHER_API_URL)!,
      apiKey: env.WEATHER_API_KEY || undefined,
      cities: (env.WEATHER_CITIES || DEFAULT_WEATHER_CITY).split(',').map(cityKey).filter(Boolean),
      callsPerMinute: int(env, 'WEATHER_CALLS_PER_MINUTE', 30),
    },
    mercadoPago: mercadoPago(env),
    social: {
      instagramUrl: url(env, 'SOCIAL_INSTAGRAM_URL', ['https:'], DEFAULT_SOCIAL.instagram),
      facebookUrl: url(env, 'SOCIAL_FACEBOOK_URL', ['https:'], DEFAULT_SOCIAL.facebook),
      whatsappNumber: whatsappNumber(env),
    },
    orders: {
      siteUrl: siteUrl(env, production),
      notifyEmail: env.ORDER_NOTIFY_EMAIL || 'ventas@gym.local',
      pickup: {
        address: text(env, 'GYM_ADDRESS', DEFAULT_GYM_ADDRESS),
        hours: text(env, 'PICKUP_HOURS', DEFAULT_PICKUP_HOURS),
      },
      transfer: {
        alias: env.TRANSFER_ALIAS || 'gimnasio.tucuman',
        cbu: env.TRANSFER_CBU || '0000000000000000000000',
        titular: env.TRANSFER_HOLDER || 'Gimnasio Tucumán',
      },
      throttle: { maxOrders: int(env, 'ORDER_MAX_PER_ADDRESS', 10), windowMinutes: 10 },
      unpaidHours,
      limits: {
        unitsPerVariant: int(env, 'ORDER_MAX_UNITS_PER_VARIANT', ORDER_DEFAULT_LIMITS.unitsPerVariant),
        unitsPerOrder: int(env, 'ORDER_MAX_UNITS', ORDER_DEFAULT_LIMITS.unitsPerOrder),
        unpaidUnits: limitOrOff(env, 'ORDER_MAX_UNPAID_UNITS', ORDER_DEFAULT_LIMITS.unpaidUnits),
      },
      large: {
        units: int(env, 'ORDER_LARGE_UNITS', DEFAULT_ORDER_HOLD.large.units),
        unpaidHours: Math.min(int(env, 'ORDER_LARGE_UNPAID_HOURS', DEFAULT_ORDER_HOLD.large.unpaidHours), unpaidHours),
      },
    },
  };
}
