import type { Knex } from 'knex';

const DEFAULT_TEMPLATES = {
  email:
    'Hola {nombre}, tu plan {plan} vence el {vence}. Podés renovarlo en la recepción, en efectivo, con tarjeta o por transferencia. ¡Te esperamos!',
  whatsapp: 'Hola {nombre}, tu plan vence el {vence}. ¡Te esperamos!',
};

/**
 * The front desk: one membership per client (day dates read in America/Argentina/Tucuman), its
 * payments (never edited nor deleted, only voided), pauses (at most one open), reminders and their
 * templates. Amounts are integer centavos.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE memberships (
      id_usuario text PRIMARY KEY REFERENCES clients(id_usuario) ON DELETE CASCADE,
      start_date date NOT NULL,
      paid_until date,
      cycle_day smallint CHECK (cycle_day BETWEEN 1 AND 31),
      apto_fecha date,
      apto_vence date,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (apto_fecha IS NULL AND apto_vence IS NULL OR apto_vence > apto_fecha)
    )`);
  await knex.raw('CREATE INDEX memberships_paid_until ON memberships (paid_until, id_usuario)');
  await knex.raw('CREATE INDEX memberships_apto_vence ON memberships (apto_vence)');

  await knex.raw(`
    CREATE TABLE membership_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      amount_centavos bigint NOT NULL CHECK (amount_centavos BETWEEN 100 AND 1000000000),
      plan_price_centavos bigint NOT NULL CHECK (plan_price_centavos >= 0),
      id_plan smallint NOT NULL,
      method text NOT NULL CHECK (method IN ('efectivo', 'transferencia', 'tarjeta')),
      months smallint NOT NULL CHECK (months BETWEEN 1 AND 12),
      period_from date NOT NULL,
      period_to date NOT NULL CHECK (period_to >= period_from),
      days_added integer NOT NULL CHECK (days_added > 0),
      note text CHECK (char_length(note) <= 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      voided_at timestamptz,
      void_reason text CHECK (char_length(void_reason) BETWEEN 3 AND 200),
      CHECK ((voided_at IS NULL) = (void_reason IS NULL))
    )`);
  await knex.raw('CREATE INDEX membership_payments_client ON membership_payments (id_usuario, created_at)');
  // The dashboard's income: a month of payments by method, read from the index alone.
  await knex.raw(`CREATE INDEX membership_payments_income ON membership_payments (created_at)
    INCLUDE (method, amount_centavos) WHERE voided_at IS NULL`);

  await knex.raw(`
    CREATE TABLE membership_pauses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      motivo text NOT NULL CHECK (char_length(motivo) BETWEEN 3 AND 100),
      started_on date NOT NULL,
      ended_on date CHECK (ended_on >= started_on),
      days integer CHECK (days >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((ended_on IS NULL) = (days IS NULL))
    )`);
  await knex.raw('CREATE INDEX membership_pauses_client ON membership_pauses (id_usuario, started_on)');
  await knex.raw(
    'CREATE UNIQUE INDEX membership_pauses_one_open ON membership_pauses (id_usuario) WHERE ended_on IS NULL',
  );

  await knex.raw(`
    CREATE TABLE reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
      automatic boolean NOT NULL DEFAULT false,
      paid_until date,
      text text NOT NULL CHECK (char_length(text) <= 1000),
      status text NOT NULL CHECK (status IN ('enviado', 'fallido', 'abierto')),
      message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX reminders_client ON reminders (id_usuario, created_at)');
  // The daily job reminds a client at most once per period (one paid-until).
  await knex.raw('CREATE UNIQUE INDEX reminders_once_per_period ON reminders (id_usuario, paid_until) WHERE automatic');

  await knex.raw(`
    CREATE TABLE reminder_templates (
      channel text PRIMARY KEY CHECK (channel IN ('email', 'whatsapp')),
      text text NOT NULL CHECK (char_length(text) BETWEEN 10 AND 500),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex('reminder_templates').insert(
    Object.entries(DEFAULT_TEMPLATES).map(([channel, text]) => ({ channel, text })),
  );

  // A reminder e-mail is a message too (the history staff read), and longer than the 50 characters
  // of the spec's message form, which the form itself still enforces.
  await knex.raw(`ALTER TABLE messages DROP CONSTRAINT messages_lengths,
    ADD CONSTRAINT messages_lengths CHECK (char_length(user_name) <= 15 AND char_length(user_email) <= 50
      AND char_length(user_message) <= 1000 AND char_length(error) <= 500)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE reminder_templates, reminders, membership_pauses, membership_payments, memberships');
  await knex.raw(`ALTER TABLE messages DROP CONSTRAINT messages_lengths,
    ADD CONSTRAINT messages_lengths CHECK (char_length(user_name) <= 15 AND char_length(user_email) <= 50
      AND char_length(user_message) <= 50 AND char_length(error) <= 500)`);
}
