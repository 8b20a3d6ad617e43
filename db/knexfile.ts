import type { Knex } from 'knex';
import { migrationSource } from './src/migrations';

/**
 * For the knex CLI against a server: DATABASE_URL=postgres://… npx tsx node_modules/.bin/knex --knexfile db/knexfile.ts migrate:list
 * (its knex is not createDatabase's: on a database still holding dated names, run migrate.js once first).
 */
const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL,
  migrations: { migrationSource },
};

export default config;
