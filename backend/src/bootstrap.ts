import type { Knex } from 'knex';
import { agreeing, countOf } from '@gym/contracts/format';
import { isEmpty, isPglite, migrateLatest, seedDatabase } from '@gym/db';
import type { AppConfig } from './config';
import { ensureOwner } from './modules/accounts/ensure-owner';
import type { PasswordHasher } from './modules/accounts/password';

/** One key for every replica's start-up work (migrations in development, first account, demo data). */
export const STARTUP_LOCK_KEY = 740_211_011;
const LOCK_WAIT_MS = 120_000;

export class SchemaOutdated extends Error {
  constructor(pending: string[]) {
    super(
      `El esquema de la base está desactualizado (${agreeing(pending.length, 'falta', 'faltan')} ${countOf(pending.length, 'migración', 'migraciones')}: ${pending.join(', ')}). ` +
        'Ejecutá `node backend/dist/migrate.js latest` (docker compose run --rm migrate) antes de iniciar la API.',
    );
    this.name = 'SchemaOutdated';
  }
}

/** The names of the migrations this build knows and the database has not run. */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list()) as [unknown[], { file?: string; name?: string }[] | string[]];
  return pending.map((m) => (typeof m === 'string' ? m : (m.file ?? m.name ?? String(m))));
}

/**
 * Runs `work` holding a PostgreSQL advisory lock, so replicas starting at once on an empty database
 * take turns: the first creates the account (and demo data), the others find it done. PGlite has one
 * process and no lock to take.
 */
export async function withStartupLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  if (isPglite(db)) return work();
  const conn = (await db.client.acquireConnection()) as {
    query(sql: string, values: unknown[]): Promise<{ rows: { ok: boolean }[] }>;
  };
  try {
    const deadline = Date.now() + LOCK_WAIT_MS;
    // Polling with pg_try_advisory_lock keeps every statement short (the pool's statement time-out applies).
    while (!(await conn.query('select pg_try_advisory_lock($1) as ok', [STARTUP_LOCK_KEY])).rows[0]!.ok) {
      if (Date.now() > deadline) throw new Error('another replica held the start-up lock for too long');
      await new Promise((r) => setTimeout(r, 200));
    }
    try {
      return await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1) as ok', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * Migrations (or, in production, a check that `migrate.js` ran), then into an empty database the
 * first staff account, and the demo data only when config.seedDemo.
 */
export async function prepareDatabase(
  db: Knex,
  config: AppConfig,
  hasher: PasswordHasher,
): Promise<{ seeded: boolean }> {
  return withStartupLock(db, async () => {
    if (config.migrateOnStart) await migrateLatest(db);
    else {
      const pending = await pendingMigrations(db);
      if (pending.length) throw new SchemaOutdated(pending);
    }
    await ensureOwner(db, config.admin.email);
    if (!(await isEmpty(db))) return { seeded: false };
    const admin = {
      name: 'Administrador',
      lastname: 'Principal',
      email: config.admin.email,
      passwordHash: await hasher.hash(config.admin.password),
    };
    await seedDatabase(db, { admin, demo: config.seedDemo });
    await ensureOwner(db, config.admin.email);
    return { seeded: true };
  });
}
