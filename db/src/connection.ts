import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { INT8_OID, NUMERIC_OID, parseInt8, parseNumeric, pgliteParsers } from './numbers';
import { migrationSource } from './migrations';
import { renameFormerMigrations } from './migrations/former-names';

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; undefined for embedded PGlite. */
  url?: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** Statement and connection time-out for the server, in ms. */
  timeoutMs?: number;
  poolMax?: number;
  /** false: no statement time-out (migrations: an index build may take minutes). */
  statementTimeout?: boolean;
  /** A PGlite data folder dumped by `dumpDataDir` to start from (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
}

/**
 * knex prints "Acquire connection error" with a stack before it throws the same error to the
 * caller, who answers 503 and logs it once: the line is only noise (in passing test runs too).
 */
const log = {
  warn(message: string) {
    if (!String(message).startsWith('Acquire connection error')) console.warn(message);
  },
};

/** pg's parsers for this client's connections only (not pg's global ones): wide numbers as numbers (numbers.ts). */
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    if (oid === INT8_OID) return parseInt8;
    if (oid === NUMERIC_OID) return parseNumeric;
    return pg.types.getTypeParser(oid, 'text');
  },
};

const PGLITE_FIRST_CONNECTION_MS = 300_000;
const pgliteReady = new WeakMap<Knex, Promise<void>>();

const MIGRATIONS_TABLE = 'knex_migrations';
/** The Migrator's calls that read knex_migrations (knex 3.3: each validates the names it finds there). */
const MIGRATOR_READS = ['latest', 'up', 'down', 'rollback', 'to', 'before', 'status', 'currentVersion', 'list'];

/**
 * Every `knex.migrate.<call>()` of this knex first renames the rows of migrations run under their
 * former, dated names (migrations/former-names.ts): whoever asks first — `migrate.js`, the API's
 * start checking for pending migrations, a test — knex finds only names it knows. A transaction of
 * one UPDATE, nothing when there is nothing to rename; in PGlite after the cluster is made (pgliteReady).
 */
function renamingFormerMigrationsFirst(knex: Knex): Knex {
  const migrator = Object.getOwnPropertyDescriptor(knex, 'migrate')?.get;
  if (!migrator) throw new Error('knex.migrate is no longer a getter: see renamingFormerMigrationsFirst');
  Object.defineProperty(knex, 'migrate', {
    configurable: true,
    get() {
      const migrate = migrator.call(knex) as Record<string, unknown>;
      for (const read of MIGRATOR_READS) {
        const run = migrate[read];
        if (typeof run !== 'function')
          throw new Error(`knex.migrate.${read} is gone: see renamingFormerMigrationsFirst`);
        migrate[read] = async (...args: unknown[]) => {
          await pgliteReady.get(knex);
          await renameFormerMigrations(knex, MIGRATIONS_TABLE);
          return run.apply(migrate, args);
        };
      }
      return migrate;
    },
  });
  return knex;
}

export function createDatabase(options: DatabaseOptions): Knex {
  const migrations = { migrationSource, tableName: MIGRATIONS_TABLE };
  if (options.url) {
    const timeout = options.timeoutMs ?? 5000;
    const knex = knexFactory({
      client: 'pg',
      connection: {
        connectionString: options.url,
        connectionTimeoutMillis: timeout,
        ...(options.statementTimeout === false ? {} : { statement_timeout: timeout, query_timeout: timeout + 1000 }),
        application_name: 'gym-api',
        types: pgTypes,
        // Short statements only: JIT compiling took 100 ms of a 2 ms page read whose generic plan looked costly.
        options: '-c jit=off',
      },
      pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 },
      acquireConnectionTimeout: timeout,
      migrations,
      log,
    });
    return renamingFormerMigrationsFirst(knex);
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // pg_trgm and unaccent are loaded explicitly in PGlite (a server has them from its contrib package):
  // migrations index accent-free text search with them.
  const pglite = new PGlite(dataDir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
    parsers: pgliteParsers,
  });
  // The first connection creates the database cluster (initdb in WebAssembly): a minute or more on a
  // busy machine, past the pool's 30 s to create a connection, so migrations wait for it (pgliteReady).
  const knex = knexFactory({
    client: ClientPgLite,
    connection: { pglite },
    migrations,
    log,
    acquireConnectionTimeout: PGLITE_FIRST_CONNECTION_MS,
  } as Knex.Config);
  pgliteReady.set(knex, pglite.waitReady);
  return renamingFormerMigrationsFirst(knex);
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await pgliteReady.get(knex);
  await knex.migrate.latest();
}

/** The PGlite data folder as an uncompressed tar, for `loadDataDir` (tests clone a template this way). */
export async function dumpPgliteDataDir(knex: Knex): Promise<Blob> {
  const { pglite } = knex.client.config.connection as { pglite: PGlite };
  await pglite.exec('CHECKPOINT');
  return pglite.dumpDataDir('none');
}

export function isPglite(knex: Knex): boolean {
  return knex.client.config.client !== 'pg';
}
