import type { Knex } from 'knex';

/**
 * Every refund of an online payment is a row of online_refunds (issue 43): staff cancelling a
 * paid Mercado Pago order (reason `pedido-cancelado`) now writes one too, in the transaction of
 * its audit row, and whether a payment went back is read from this table only, never from the
 * audit log. Refunds made before are copied in: staff refunds from their online_payments row, and
 * orders' payments given back by themselves before online_refunds existed from their audit rows
 * (`monto` was already centavos).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE online_refunds DROP CONSTRAINT online_refunds_reason_check');
  await knex.raw(`
    ALTER TABLE online_refunds ADD CONSTRAINT online_refunds_reason_check
      CHECK (reason IN ('ya-pagada', 'archivado', 'vencida', 'pedido-cerrado', 'pedido-cancelado'))`);
  await knex.raw(`
    INSERT INTO online_refunds (online_payment_id, provider_payment_id, refund_id, amount_centavos, reason, created_at)
    SELECT p.id, p.provider_payment_id, p.refund_id, p.amount_centavos, 'pedido-cancelado', p.updated_at
      FROM online_payments p
     WHERE p.status = 'reembolsado' AND p.provider_payment_id IS NOT NULL AND p.refund_id IS NOT NULL
    ON CONFLICT (provider_payment_id) DO NOTHING`);
  await knex.raw(`
    INSERT INTO online_refunds (online_payment_id, provider_payment_id, refund_id, amount_centavos, reason, created_at)
    SELECT DISTINCT ON (a.after->>'mercadoPago') p.id, a.after->>'mercadoPago', a.after->>'reembolso',
           (a.after->>'monto')::bigint, 'pedido-cerrado', a.at
      FROM audit_log a JOIN online_payments p ON p.reference = 'pedido-' || a.entity_id
     WHERE a.entity = 'pedido' AND a.action = 'devolver_pago'
       AND a.after->>'mercadoPago' IS NOT NULL AND a.after->>'reembolso' IS NOT NULL
       AND (a.after->>'monto')::bigint > 0
     ORDER BY a.after->>'mercadoPago', a.id
    ON CONFLICT (provider_payment_id) DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DELETE FROM online_refunds WHERE reason = 'pedido-cancelado'");
  await knex.raw('ALTER TABLE online_refunds DROP CONSTRAINT online_refunds_reason_check');
  await knex.raw(`
    ALTER TABLE online_refunds ADD CONSTRAINT online_refunds_reason_check
      CHECK (reason IN ('ya-pagada', 'archivado', 'vencida', 'pedido-cerrado'))`);
}
