import type { Knex } from 'knex';

/**
 * Mercado Pago (issue 29): an order or a membership renewal paid online. One row per thing to pay
 * (`reference`, the provider's `external_reference`), however many checkouts the buyer opens; it
 * is claimed once (`status` from pendiente to aprobado, with the provider's payment id, unique),
 * in the same transaction that marks the order paid or records the membership payment, so a
 * notification that arrives twice, or with the reconciliation job, changes state once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_pago_check');
  await knex.raw(
    "ALTER TABLE orders ADD CONSTRAINT orders_pago_check CHECK (pago IN ('efectivo', 'transferencia', 'mercadopago'))",
  );
  await knex.raw('ALTER TABLE membership_payments DROP CONSTRAINT membership_payments_method_check');
  await knex.raw(`ALTER TABLE membership_payments ADD CONSTRAINT membership_payments_method_check
    CHECK (method IN ('efectivo', 'transferencia', 'tarjeta', 'mercadopago'))`);
  await knex.raw(`
    CREATE TABLE online_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE CHECK (reference ~ '^(pedido|cuota)-[A-Za-z0-9-]{1,60}$'),
      kind text NOT NULL CHECK (kind IN ('pedido', 'cuota')),
      order_id uuid REFERENCES orders(id) ON DELETE CASCADE,
      id_usuario text REFERENCES clients(id_usuario) ON DELETE CASCADE,
      months smallint CHECK (months BETWEEN 1 AND 12),
      amount_centavos bigint NOT NULL CHECK (amount_centavos BETWEEN 100 AND 1000000000),
      status text NOT NULL DEFAULT 'pendiente'
        CHECK (status IN ('pendiente', 'aprobado', 'reembolsado', 'vencido')),
      last_provider_status text,
      preference_id text,
      checkout_url text,
      expires_at timestamptz NOT NULL,
      provider_payment_id text UNIQUE,
      membership_payment_id uuid REFERENCES membership_payments(id),
      refund_id text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      applied_at timestamptz,
      CHECK ((kind = 'pedido') = (order_id IS NOT NULL)),
      CHECK ((kind = 'cuota') = (id_usuario IS NOT NULL AND months IS NOT NULL)),
      CHECK ((status IN ('aprobado', 'reembolsado')) = (provider_payment_id IS NOT NULL AND applied_at IS NOT NULL)),
      CHECK ((status = 'reembolsado') = (refund_id IS NOT NULL))
    )`);
  await knex.raw('CREATE UNIQUE INDEX online_payments_order ON online_payments (order_id) WHERE order_id IS NOT NULL');
  await knex.raw("CREATE INDEX online_payments_pending ON online_payments (updated_at) WHERE status = 'pendiente'");
  await knex.raw(
    'CREATE INDEX online_payments_client ON online_payments (id_usuario, created_at) WHERE id_usuario IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE online_payments');
  await knex.raw('ALTER TABLE membership_payments DROP CONSTRAINT membership_payments_method_check');
  await knex.raw(`ALTER TABLE membership_payments ADD CONSTRAINT membership_payments_method_check
    CHECK (method IN ('efectivo', 'transferencia', 'tarjeta'))`);
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_pago_check');
  await knex.raw("ALTER TABLE orders ADD CONSTRAINT orders_pago_check CHECK (pago IN ('efectivo', 'transferencia'))");
}
