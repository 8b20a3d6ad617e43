import path from 'node:path';
import { createDatabase } from '@gym/db';
import type { Knex } from 'knex';
import { loadDatabaseSettings } from './config';
import { pendingMigrations, withStartupLock } from './bootstrap';

/**
 * `node backend/dist/migrate.js latest|status|rollback`: the schema as its own step (compose's
 * one-shot `migrate` service, `make migrate`), without the API's statement time-out, so an index
 * build that takes minutes finishes. Reads DATABASE_URL or the PG* variables and DATA_DIR through the
 * settings schema (config.ts); no secret beyond those.
 */
export async function runMigrate(db: Knex, command: string, print: (line: string) => void): Promise<void> {
  switch (command) {
    case 'latest': {
      const [batch, done] = (await withStartupLock(db, () => db.migrate.latest())) as [number, string[]];
      print(done.length ? `Migraciones aplicadas (lote ${batch}): ${done.join(', ')}` : 'El esquema ya estaba al día.');
      return;
    }
    case 'status': {
      const pending = await pendingMigrations(db);
      const version = await db.migrate.currentVersion();
      print(`Versión actual: ${version}. Pendientes: ${pending.length ? pending.join(', ') : 'ninguna'}`);
      return;
    }
    case 'rollback': {
      const [batch, undone] = (await withStartupLock(db, () => db.migrate.rollback())) as [number, string[]];
      print(undone.length ? `Lote ${batch} revertido: ${undone.join(', ')}` : 'No había migraciones para revertir.');
      return;
    }
    default:
      throw new Error(`Uso: node backend/dist/migrate.js latest|status|rollback (recibido "${command}")`);
  }
}

async function main() {
  const { databaseUrl: url, dataDir } = loadDatabaseSettings();
  const db = createDatabase({ url, dataDir: path.join(dataDir, 'pglite'), statementTimeout: false, poolMax: 2 });
  try {
    await runMigrate(db, process.argv[2] ?? 'latest', (line) => console.log(line));
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('La migración falló:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
