import type { Knex } from 'knex';

/**
 * Automatic debit of the monthly fee with Mercado Pago Suscripciones (issue 45). `debits`: one row
 * per preapproval a member starts (at most one open per member), its status following the
 * provider's (pending, authorized, paused, cancelled). `debit_charges`: one row per authorised
 * payment (a billing cycle), unique by the provider's id, so a retry or a duplicate notification
 * never records twice; at most one approved charge per debit and month, a second one is refunded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE debits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      id_plan integer NOT NULL,
      plan_name text NOT NULL,
      preapproval_id text UNIQUE,
      init_point text,
      status text NOT NULL DEFAULT 'pendiente'
        CHECK (status IN ('pendiente', 'activo', 'pausado', 'cancelado')),
      amount_centavos bigint NOT NULL CHECK (amount_centavos BETWEEN 100 AND 1000000000),
      cancel_reason text,
      checked_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  await knex.raw(
    "CREATE UNIQUE INDEX debits_open_per_member ON debits (id_usuario) WHERE status IN ('pendiente', 'activo', 'pausado')",
  );
  await knex.raw("CREATE INDEX debits_to_check ON debits (checked_at NULLS FIRST) WHERE status <> 'cancelado'");
  await knex.raw(`
    CREATE TABLE debit_charges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      authorized_payment_id text NOT NULL UNIQUE,
      debit_id uuid NOT NULL REFERENCES debits(id) ON DELETE CASCADE,
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
      status text NOT NULL
        CHECK (status IN ('pendiente', 'aprobado', 'rechazado', 'reembolsado', 'observado')),
      amount_centavos bigint NOT NULL CHECK (amount_centavos >= 0),
      currency text NOT NULL,
      provider_payment_id text,
      membership_payment_id uuid REFERENCES membership_payments(id),
      refund_id text,
      attempts smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  await knex.raw(
    "CREATE UNIQUE INDEX debit_charges_one_per_month ON debit_charges (debit_id, period) WHERE status = 'aprobado'",
  );
  await knex.raw('CREATE INDEX debit_charges_status ON debit_charges (status, updated_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE debit_charges');
  await knex.raw('DROP TABLE debits');
}
