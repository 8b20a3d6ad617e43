import type { Knex } from 'knex';

/**
 * The one outbox (issue 46): `message_outbox` holds the e-mails too (channel 'email', template
 * 'correo'), queued by every module that mails by itself and sent after the request's answer, or
 * by the `reintentar-correos` job. An e-mail row names its addressee, subject, body and attachments
 * (base64 in jsonb) and needs no client (an order's buyer is not one), so `id_usuario` becomes
 * optional for e-mails only; `seq` keeps the order they were queued in (one transaction's mails share
 * their time). `mail_retries` (refused mails kept to try again) is folded in: its
 * rows move here as they stand (waiting ones still queued with their next try, sent and given-up
 * ones kept for their 30 days) and the table is dropped, so no code path writes two places.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE message_outbox ALTER COLUMN id_usuario DROP NOT NULL');
  await knex.raw(`
    ALTER TABLE message_outbox
      ADD COLUMN to_name text,
      ADD COLUMN to_address text,
      ADD COLUMN subject text,
      ADD COLUMN body text,
      ADD COLUMN attachments jsonb,
      ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
  await knex.raw(`
    ALTER TABLE message_outbox ADD CONSTRAINT message_outbox_addressed CHECK (
      CASE WHEN template = 'correo' AND channel = 'email'
        THEN to_address IS NOT NULL AND subject IS NOT NULL AND body IS NOT NULL
        ELSE id_usuario IS NOT NULL END)`);
  // The job's purge of done mails, every minute, without reading the whole outbox.
  await knex.raw(`
    CREATE INDEX message_outbox_mail_done ON message_outbox ((coalesce(sent_at, failed_at)))
    WHERE channel = 'email' AND template = 'correo' AND status IN ('sent', 'failed')`);
  await knex.raw(`
    INSERT INTO message_outbox (channel, template, idempotency_key, status, attempts, next_attempt_at, last_error,
      sent_at, failed_at, created_at, updated_at, to_name, to_address, subject, body, attachments)
    SELECT 'email', 'correo', 'correo:reintento:' || id,
      CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN given_up_at IS NOT NULL THEN 'failed' ELSE 'queued' END,
      attempts, CASE WHEN sent_at IS NULL AND given_up_at IS NULL THEN next_attempt_at END, last_error,
      sent_at, CASE WHEN sent_at IS NULL THEN given_up_at END, first_failed_at,
      coalesce(sent_at, given_up_at, first_failed_at), to_name, to_address, subject, body, attachments
    FROM mail_retries ORDER BY id`);
  await knex.raw('DROP TABLE mail_retries');
}

export async function down(knex: Knex): Promise<void> {
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
  // Only what the old table could hold: mails refused at least once (queued ones not yet tried are lost).
  await knex.raw(`
    INSERT INTO mail_retries (to_name, to_address, subject, body, attachments, first_failed_at, attempts,
      next_attempt_at, last_error, sent_at, given_up_at)
    SELECT coalesce(to_name, ''), to_address, subject, body, attachments, created_at, greatest(attempts, 1),
      coalesce(next_attempt_at, updated_at), left(last_error, 500), sent_at, failed_at
    FROM message_outbox WHERE channel = 'email' AND template = 'correo' AND attempts > 0 ORDER BY seq`);
  await knex.raw("DELETE FROM message_outbox WHERE channel = 'email' AND template = 'correo'");
  await knex.raw('DROP INDEX message_outbox_mail_done');
  await knex.raw('ALTER TABLE message_outbox DROP CONSTRAINT message_outbox_addressed');
  await knex.raw(`
    ALTER TABLE message_outbox
      DROP COLUMN to_name, DROP COLUMN to_address, DROP COLUMN subject, DROP COLUMN body, DROP COLUMN attachments,
      DROP COLUMN seq`);
  await knex.raw('ALTER TABLE message_outbox ALTER COLUMN id_usuario SET NOT NULL');
}
