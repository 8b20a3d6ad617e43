import type { Knex } from 'knex';

/**
 * ARCA's WSAA access ticket (issue 44): about 12 hours, one per web service (`wsfe`), shared by
 * every replica. WSAA refuses a second login while one is valid (alreadyAuthenticated), so the
 * ticket lives here rather than in a process.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE arca_tickets (
      service text PRIMARY KEY,
      token text NOT NULL,
      sign text NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE arca_tickets');
}
