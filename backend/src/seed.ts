import path from 'node:path';
import { createDatabase } from '@gym/db';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { createPasswordHasher } from './modules/accounts/password';

/** `make seed`: migrations, then demo data; with --reset, empties the database first (never in production). */
async function main() {
  const config = loadConfig();
  const reset = process.argv.includes('--reset');
  if (reset && config.env === 'production') throw new Error('--reset is refused in production');
  const db = createDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    if (reset) {
      const { rows } = await db.raw<{ rows: { tablename: string }[] }>(
        "select tablename from pg_tables where schemaname = current_schema() and tablename not like 'knex_%' and tablename <> 'catalogue_version'",
      );
      if (rows.length) await db.raw(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
    }
    const { seeded } = await prepareDatabase(db, config, createPasswordHasher(config.passwordHashLogN));
    console.log(seeded ? 'Datos de demostración cargados.' : 'La base ya tenía datos: no se cargó nada (usá --reset).');
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
