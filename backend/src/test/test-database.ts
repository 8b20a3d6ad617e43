import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDatabase } from '@gym/db';

/**
 * A fresh database for one test file: PGlite in memory by default, or a throwaway database on
 * the PostgreSQL server named by DATABASE_URL (created here, dropped afterwards).
 */
export async function createTestDatabase(): Promise<{ db: Knex; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = createDatabase({});
    return { db, drop: () => db.destroy() };
  }
  const name = `gym_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ url: url.toString(), poolMax: 5 });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
