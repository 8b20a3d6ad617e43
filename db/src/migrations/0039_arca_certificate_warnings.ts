import type { Knex } from 'knex';

/**
 * ARCA's certificate ending (issue 44): the owners are e-mailed a week before, the day before and
 * once it has ended. One row per certificate (its end) and step, claimed by the job that mails it,
 * so a second replica or run never mails the same warning twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE arca_certificate_warnings (
      cert_expires_at timestamptz NOT NULL,
      step text NOT NULL CHECK (step IN ('semana', 'dia', 'vencido')),
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (cert_expires_at, step)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE arca_certificate_warnings');
}
