import path from 'node:path';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  staticDir: string;
  staffCode: string;
  admin: { email: string; password: string };
  cookieSecure: boolean;
  trustProxy: string;
  session: { idleMinutes: number; maxHours: number };
  throttle: { maxFailures: number; windowMinutes: number };
  passwordHashLogN: number;
  dbTimeoutMs: number;
  logLevel: string;
  /** SMTP when smtpUrl is set; otherwise messages are written to <dataDir>/outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /** weatherapi.com-shaped provider; without a key the weather answers 503. */
  weather: { apiUrl: string; apiKey: string | undefined };
}

/** Development defaults, documented in the README; production refuses to start without real values. */
export const DEV_DEFAULTS = {
  staffCode: 'gym-dev-01',
  adminEmail: 'admin@gym.local',
  adminPassword: 'Admin1234',
} as const;

const REPO_ROOT = path.resolve(__dirname, '../..');

export const DEFAULT_MAIL_FROM = 'Gimnasio Tucumán <no-reply@gym.local>';
export const DEFAULT_WEATHER_API_URL = 'https://api.weatherapi.com/v1';

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function required(env: Env, name: string, devDefault: string, production: boolean): string {
  const value = env[name];
  if (value) return value;
  if (production) throw new Error(`${name} is required in production`);
  return devDefault;
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

/** Reads and checks the environment once, at start-up; nothing else reads process.env. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const production = nodeEnv === 'production';
  const staffCode = required(env, 'STAFF_CODE', DEV_DEFAULTS.staffCode, production);
  if (staffCode.length > 10) throw new Error('STAFF_CODE must be at most 10 characters (the prompt accepts 10)');
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    staticDir: path.resolve(env.STATIC_DIR || path.join(REPO_ROOT, 'frontend/dist')),
    staffCode,
    admin: {
      email: required(env, 'ADMIN_EMAIL', DEV_DEFAULTS.adminEmail, production).trim().toLowerCase(),
      password: required(env, 'ADMIN_PASSWORD', DEV_DEFAULTS.adminPassword, production),
    },
    cookieSecure: env.COOKIE_SECURE === 'true',
    trustProxy: env.TRUST_PROXY || 'loopback, uniquelocal',
    session: { idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 120), maxHours: int(env, 'SESSION_MAX_HOURS', 12) },
    throttle: { maxFailures: int(env, 'LOGIN_MAX_FAILURES', 10), windowMinutes: 15 },
    passwordHashLogN: int(env, 'PASSWORD_HASH_LOG_N', 17),
    dbTimeoutMs: int(env, 'DB_TIMEOUT_MS', 5000),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    mail: { smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']), from: env.MAIL_FROM || DEFAULT_MAIL_FROM },
    weather: {
      apiUrl: url(env, 'WEATHER_API_URL', ['http:', 'https:'], DEFAULT_WEATHER_API_URL)!,
      apiKey: env.WEATHER_API_KEY || undefined,
    },
  };
}
