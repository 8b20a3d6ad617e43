import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrationSource } from './migrations';

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; undefined for embedded PGlite. */
  url?: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** Statement and connection time-out for the server, in ms. */
  timeoutMs?: number;
  poolMax?: number;
}

export function createDatabase(options: DatabaseOptions): Knex {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  if (options.url) {
    const timeout = options.timeoutMs ?? 5000;
    return knexFactory({
      client: 'pg',
      connection: {
        connectionString: options.url,
        connectionTimeoutMillis: timeout,
        statement_timeout: timeout,
        query_timeout: timeout + 1000,
        application_name: 'gym-api',
      },
      pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 },
      acquireConnectionTimeout: timeout,
      migrations,
    });
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // pg_trgm is loaded explicitly in PGlite (a server has it from its contrib package): migrations index text search with it.
  const pglite = new PGlite(dataDir, { extensions: { pg_trgm } });
  return knexFactory({ client: ClientPgLite, connection: { pglite }, migrations } as Knex.Config);
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest();
}

export function isPglite(knex: Knex): boolean {
  return knex.client.config.client !== 'pg';
}
