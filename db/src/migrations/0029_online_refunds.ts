import type { Knex } from 'knex';

/**
 * Approved Mercado Pago payments given back by themselves (issue 41): a second payment of a
 * renewal already paid, one for a member archived meanwhile or for a renewal whose checkout had
 * expired, and an order's that came after it was cancelled or paid. One row per provider payment
 * (unique), written in the transaction of its audit row, so the same notification twice is one
 * refund; the refund itself is keyed by the payment at the provider.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE online_refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      online_payment_id uuid NOT NULL REFERENCES online_payments(id) ON DELETE CASCADE,
      provider_payment_id text NOT NULL UNIQUE,
      refund_id text NOT NULL,
      amount_centavos bigint NOT NULL CHECK (amount_centavos > 0),
      reason text NOT NULL CHECK (reason IN ('ya-pagada', 'archivado', 'vencida', 'pedido-cerrado')),
      created_at timestamptz NOT NULL
    )`);
  await knex.raw('CREATE INDEX online_refunds_payment ON online_refunds (online_payment_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE online_refunds');
}
