import type { Knex } from 'knex';

/**
 * One row per background job: the claim that makes a single replica run it (a conditional UPDATE
 * of `lease_until`, atomic in PostgreSQL) and what its last run did, shown to staff.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE job_runs (
      name text PRIMARY KEY,
      lease_until timestamptz,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_status text CHECK (last_status IN ('ok', 'error')),
      last_error text,
      last_result jsonb,
      runs integer NOT NULL DEFAULT 0
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE job_runs');
}
