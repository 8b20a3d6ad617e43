import type { Knex } from 'knex';

/**
 * A member's photo or PDF of a bank transfer (issue 27, part 4), waiting for the desk. Approving
 * records the payment and claims the row in the same transaction (`status` from pendiente, once);
 * rejecting keeps the reason the member is told. The file stays with the client (cascade).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE transfer_uploads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880),
      amount_centavos bigint NOT NULL CHECK (amount_centavos BETWEEN 100 AND 1000000000),
      months smallint NOT NULL CHECK (months BETWEEN 1 AND 12),
      status text NOT NULL DEFAULT 'pendiente' CHECK (status IN ('pendiente', 'aprobado', 'rechazado')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text,
      reject_reason text CHECK (char_length(reject_reason) BETWEEN 3 AND 200),
      payment_id uuid REFERENCES membership_payments(id),
      CHECK ((status = 'pendiente') = (decided_at IS NULL)),
      CHECK ((status = 'rechazado') = (reject_reason IS NOT NULL)),
      CHECK ((status = 'aprobado') = (payment_id IS NOT NULL))
    )`);
  await knex.raw("CREATE INDEX transfer_uploads_pending ON transfer_uploads (created_at) WHERE status = 'pendiente'");
  await knex.raw('CREATE INDEX transfer_uploads_client ON transfer_uploads (id_usuario, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE transfer_uploads');
}
