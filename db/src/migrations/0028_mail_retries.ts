import type { Knex } from 'knex';

/**
 * Mails nobody waits for (an order's confirmation, a class's promotion, a transfer's review) that
 * the SMTP server refused: kept here and retried by the `reintentar-correos` job instead of lost.
 * A row is sent, given up after a day, or still waiting (`next_attempt_at`); done rows go after
 * 30 days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE mail_retries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_name text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      attachments jsonb,
      first_failed_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 1,
      next_attempt_at timestamptz NOT NULL,
      last_error text CHECK (char_length(last_error) <= 500),
      sent_at timestamptz,
      given_up_at timestamptz
    )`);
  await knex.raw(
    'CREATE INDEX mail_retries_due ON mail_retries (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE mail_retries');
}
