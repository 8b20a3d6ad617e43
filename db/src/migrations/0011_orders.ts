import type { Knex } from 'knex';

/**
 * Orders of the shop. `numero` is the human number (G-000123) from a sequence; `token` is the
 * buyer's secret for the confirmation link; `idempotency_key` makes a retry one order. Lines keep
 * the name, size, colour and price sold (the product may change or go later); `variant_id`
 * names the stock row to give back if the order is cancelled. Who moved the order and when is
 * kept per step.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE orders_numero_seq');
  await knex.raw(`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      numero text NOT NULL UNIQUE DEFAULT ('G-' || lpad(nextval('orders_numero_seq')::text, 6, '0')),
      token text NOT NULL,
      estado text NOT NULL DEFAULT 'pendiente'
        CHECK (estado IN ('pendiente', 'pagado', 'entregado', 'cancelado')),
      comprador_nombre text NOT NULL,
      comprador_apellido text NOT NULL,
      comprador_email text NOT NULL,
      comprador_celular text NOT NULL,
      pago text NOT NULL CHECK (pago IN ('efectivo', 'transferencia')),
      entrega text NOT NULL DEFAULT 'retiro',
      total numeric(14, 2) NOT NULL CHECK (total >= 0),
      idempotency_key text UNIQUE,
      request_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      pagado_at timestamptz,
      pagado_por text,
      entregado_at timestamptz,
      entregado_por text,
      cancelado_at timestamptz,
      cancelado_por text
    )`);
  await knex.raw('CREATE INDEX orders_created ON orders (created_at DESC, id)');
  await knex.raw('CREATE INDEX orders_estado_created ON orders (estado, created_at DESC)');
  await knex.raw(`
    CREATE TABLE order_lines (
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid NOT NULL,
      variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL,
      nombre text NOT NULL,
      talle text,
      color text,
      cantidad integer NOT NULL CHECK (cantidad > 0),
      precio numeric(12, 2) NOT NULL,
      subtotal numeric(14, 2) NOT NULL,
      PRIMARY KEY (order_id, position)
    )`);
  await knex.raw('CREATE INDEX order_lines_variant ON order_lines (variant_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE order_lines');
  await knex.raw('DROP TABLE orders');
  await knex.raw('DROP SEQUENCE orders_numero_seq');
}
