import type { Knex } from 'knex';

/**
 * The daily reminders' e-mails go through the one outbox (issue 46): their history rows (`messages`
 * and `reminders`) keep the outbox key they were queued with (`recordatorio:<idUsuario>:<paidUntil>`),
 * and the status is read from the outbox row while it exists. A queued one is 'en cola'; the
 * reminders' job copies the outcome into its rows before the outbox purges done mails (30 days).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE messages
    ADD COLUMN outbox_key text,
    DROP CONSTRAINT messages_status_known,
    ADD CONSTRAINT messages_status_known CHECK (status IN ('enviado', 'fallido', 'en cola')),
    ADD CONSTRAINT messages_queued_keyed CHECK (status <> 'en cola' OR outbox_key IS NOT NULL)`);
  await knex.raw("CREATE INDEX messages_queued ON messages (outbox_key) WHERE status = 'en cola'");
  await knex.raw(`ALTER TABLE reminders
    ADD COLUMN outbox_key text,
    DROP CONSTRAINT reminders_status_check,
    ADD CONSTRAINT reminders_status_check CHECK (status IN ('enviado', 'fallido', 'abierto', 'en cola')),
    ADD CONSTRAINT reminders_queued_keyed CHECK (status <> 'en cola' OR outbox_key IS NOT NULL)`);
  await knex.raw("CREATE INDEX reminders_queued ON reminders (outbox_key) WHERE status = 'en cola'");
}

/** Rows still queued read as sent: the old statuses cannot say "waiting" (the outbox still sends them). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw("UPDATE reminders SET status = 'enviado' WHERE status = 'en cola'");
  await knex.raw("UPDATE messages SET status = 'enviado' WHERE status = 'en cola'");
  await knex.raw('DROP INDEX reminders_queued');
  await knex.raw(`ALTER TABLE reminders
    DROP CONSTRAINT reminders_queued_keyed,
    DROP CONSTRAINT reminders_status_check,
    ADD CONSTRAINT reminders_status_check CHECK (status IN ('enviado', 'fallido', 'abierto')),
    DROP COLUMN outbox_key`);
  await knex.raw('DROP INDEX messages_queued');
  await knex.raw(`ALTER TABLE messages
    DROP CONSTRAINT messages_queued_keyed,
    DROP CONSTRAINT messages_status_known,
    ADD CONSTRAINT messages_status_known CHECK (status IN ('enviado', 'fallido')),
    DROP COLUMN outbox_key`);
}
