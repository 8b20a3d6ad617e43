import type { Knex } from 'knex';

/**
 * WhatsApp Cloud API messages (issue 46). `message_outbox`: every message the gym sends by itself,
 * one row per member, template and period (`idempotency_key`, unique: queued twice is one row),
 * sent by the `enviar-whatsapp` job; its status only moves forward (queued → sent → delivered →
 * read; failed from queued or sent). `message_status_events`: each (wamid, status) the webhook
 * reported, applied once however many times it arrives. `whatsapp_consents`: each opt-in and
 * opt-out, by the member (portal), the desk (with who) or a "BAJA" reply; the latest one holds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE message_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('whatsapp', 'email')),
      template text NOT NULL,
      params jsonb NOT NULL DEFAULT '[]',
      idempotency_key text NOT NULL UNIQUE,
      to_number text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'read', 'failed')),
      fallback text CHECK (fallback IN ('email')),
      wamid text UNIQUE,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_error text,
      sent_at timestamptz,
      delivered_at timestamptz,
      read_at timestamptz,
      failed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  await knex.raw("CREATE INDEX message_outbox_due ON message_outbox (next_attempt_at) WHERE status = 'queued'");
  await knex.raw('CREATE INDEX message_outbox_client ON message_outbox (id_usuario, created_at DESC)');
  await knex.raw('CREATE INDEX message_outbox_recent ON message_outbox (created_at DESC)');
  await knex.raw(`
    CREATE TABLE message_status_events (
      wamid text NOT NULL,
      status text NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
      occurred_at timestamptz NOT NULL,
      error_code integer,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (wamid, status)
    )`);
  await knex.raw(`
    CREATE TABLE whatsapp_consents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      opted_in boolean NOT NULL,
      source text NOT NULL CHECK (source IN ('portal', 'desk', 'reply')),
      recorded_by text,
      at timestamptz NOT NULL
    )`);
  await knex.raw('CREATE INDEX whatsapp_consents_latest ON whatsapp_consents (id_usuario, at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE whatsapp_consents');
  await knex.raw('DROP TABLE message_status_events');
  await knex.raw('DROP TABLE message_outbox');
}
