import type { Knex } from 'knex';

/**
 * Electronic invoices (issue 44): a Factura C (11) for every payment, a Nota de Crédito C (13) for
 * a void or a refund. The outbox: a row is written `pendiente` in the payment's transaction and a
 * job asks ARCA for its CAE, numbering it FECompUltimoAutorizado + 1. A number is kept before the
 * request goes out, so after a timeout the job asks FECompConsultar for it before anything else.
 * `seq` is the order they are authorised in. `invoice_sequences` holds one lease per
 * (punto de venta, tipo): the one replica numbering that series.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      kind text NOT NULL CHECK (kind IN ('factura_c', 'nota_credito_c')),
      cbte_tipo smallint NOT NULL,
      pto_vta integer NOT NULL CHECK (pto_vta BETWEEN 1 AND 99998),
      number integer CHECK (number > 0),
      state text NOT NULL DEFAULT 'pendiente'
        CHECK (state IN ('pendiente', 'autorizada', 'rechazada', 'sin_factura')),
      membership_payment_id uuid REFERENCES membership_payments(id),
      order_id uuid REFERENCES orders(id),
      id_usuario text REFERENCES clients(id_usuario) ON DELETE SET NULL,
      detalle text NOT NULL,
      doc_tipo smallint NOT NULL,
      doc_nro text NOT NULL,
      condicion_iva_receptor smallint NOT NULL,
      concepto smallint NOT NULL CHECK (concepto IN (1, 2, 3)),
      total_centavos bigint NOT NULL CHECK (total_centavos > 0),
      service_from date,
      service_to date,
      payment_due date,
      cbte_date date,
      cae text,
      cae_due_date date,
      arca_errors jsonb,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      associated_invoice_id uuid REFERENCES invoices(id),
      created_at timestamptz NOT NULL,
      authorised_at timestamptz,
      CHECK ((kind = 'factura_c' AND cbte_tipo = 11 AND associated_invoice_id IS NULL)
          OR (kind = 'nota_credito_c' AND cbte_tipo = 13 AND associated_invoice_id IS NOT NULL)),
      CHECK (concepto = 1 OR (service_from IS NOT NULL AND service_to IS NOT NULL)),
      CHECK (state <> 'autorizada' OR (number IS NOT NULL AND cae IS NOT NULL)),
      CONSTRAINT invoices_number_unique UNIQUE (pto_vta, cbte_tipo, number)
    )`);
  await knex.raw(
    "CREATE UNIQUE INDEX invoices_one_per_payment ON invoices (membership_payment_id) WHERE kind = 'factura_c'",
  );
  await knex.raw("CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'factura_c'");
  await knex.raw('CREATE UNIQUE INDEX invoices_one_credit_note ON invoices (associated_invoice_id)');
  await knex.raw("CREATE INDEX invoices_due ON invoices (pto_vta, cbte_tipo, seq) WHERE state = 'pendiente'");
  await knex.raw('CREATE INDEX invoices_by_state ON invoices (state, created_at DESC)');
  await knex.raw(`
    CREATE TABLE invoice_sequences (
      pto_vta integer NOT NULL,
      cbte_tipo smallint NOT NULL,
      holder text,
      leased_until timestamptz,
      PRIMARY KEY (pto_vta, cbte_tipo)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE invoice_sequences');
  await knex.raw('DROP TABLE invoices');
}
