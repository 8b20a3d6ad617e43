// A throwaway PostgreSQL database for one bench run, on the server at DATABASE_URL.
import crypto from 'node:crypto';
import path from 'node:path';
import knexFactory from 'knex';
import { createDatabase } from '@gym/db';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createBenchDatabase() {
  const name = `gym_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = createDatabase({ url: url.toString(), poolMax: 2, timeoutMs: 600_000 });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
