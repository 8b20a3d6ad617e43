import type { Knex } from 'knex';

/**
 * Operating the gym's data (issue 31): each dump, base backup and restore drill the backup
 * services ran, kept so the owner's panel can say when a backup was last proved and a job can
 * e-mail the owner about a failure once (`notified_at`); and how many times in a row each
 * background job failed, for the "a job failing twice" alert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE backup_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('dump', 'base', 'drill', 'archive')),
      ok boolean NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      detail jsonb NOT NULL DEFAULT '{}',
      error text CHECK (char_length(error) <= 2000),
      notified_at timestamptz
    )`);
  await knex.raw('CREATE INDEX backup_runs_kind ON backup_runs (kind, ok, finished_at DESC)');
  await knex.raw('CREATE INDEX backup_runs_unnotified ON backup_runs (id) WHERE NOT ok AND notified_at IS NULL');
  await knex.raw('ALTER TABLE job_runs ADD COLUMN failures_in_a_row integer NOT NULL DEFAULT 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE job_runs DROP COLUMN failures_in_a_row');
  await knex.raw('DROP TABLE backup_runs');
}
