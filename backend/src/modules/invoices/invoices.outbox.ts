import type { Knex } from 'knex';
import type { Payment } from '@gym/contracts/memberships';
import { formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import { ValidationFailed } from '../../shared/errors';
import { invoiceMessages as m } from '@gym/contracts/invoices';
import type { InvoicesRepository } from './invoices.repository';
import type { InvoicingConfig } from './invoices.settings';

/** ARCA's document types: 96 DNI, 99 consumidor final without one (its number is 0). */
export const DOC_DNI = 96;
const SIN_IDENTIFICAR = 99;

/** An invoice's receiver: the DNI's digits, or consumidor final sin identificar without one. */
export const receiverOf = (dni?: string | null) =>
  dni ? { doc_tipo: DOC_DNI, doc_nro: dni.replace(/\D/g, '') } : { doc_tipo: SIN_IDENTIFICAR, doc_nro: '0' };

/** An order as the outbox needs it: its id, its number and what was paid. */
export interface PaidOrder {
  id: string;
  numero: string;
  totalCentavos: number;
}

/**
 * The outbox's writing side (issue 44): called inside the transaction that records a payment, so
 * the invoice is written if and only if the payment is, as `pendiente`; the job asks ARCA for its
 * CAE. A payment never waits on ARCA. Created only while invoicing is configured.
 */
export function createInvoiceOutbox(deps: { repo: InvoicesRepository; clock: Clock; settings: InvoicingConfig }) {
  const { repo, clock, settings } = deps;
  const base = () => ({
    pto_vta: settings.ptoVta,
    condicion_iva_receptor: settings.condicionIvaReceptorDefault,
    created_at: clock.now(),
  });

  /** The credit note of an invoice: its amount, dates and receiver; none for one not invoiced or already noted. */
  async function creditNote(trx: Knex.Transaction, invoiceId: string | undefined, reason: string) {
    const invoice = invoiceId && (await repo.find(invoiceId, trx));
    if (!invoice || invoice.kind !== 'factura_c' || invoice.state === 'sin_factura') return undefined;
    if (await repo.creditNoteOf(trx, invoice.id)) return undefined;
    return repo.insert(trx, {
      ...base(),
      pto_vta: invoice.ptoVta,
      kind: 'nota_credito_c',
      cbte_tipo: 13,
      membership_payment_id: invoice.membershipPaymentId,
      order_id: invoice.orderId,
      id_usuario: invoice.idUsuario,
      detalle: `${reason}: ${invoice.detalle}`,
      doc_tipo: invoice.docTipo,
      doc_nro: invoice.docNro,
      condicion_iva_receptor: invoice.condicionIvaReceptor,
      concepto: invoice.concepto,
      total_centavos: invoice.totalCentavos,
      service_from: invoice.serviceFrom as unknown as Date,
      service_to: invoice.serviceTo as unknown as Date,
      payment_due: tucumanToday(clock.now()) as unknown as Date,
      associated_invoice_id: invoice.id,
    });
  }

  return {
    /**
     * A cuota: concepto 2 (services), the paid period as the service dates. The due date is the
     * day it was paid (the money is in), moved to the voucher's day when ARCA authorises it later:
     * ARCA refuses a due date before the voucher's. `sinFactura`, where the owner allows it, keeps
     * a row that says so (the payment's audit row records who chose it).
     */
    async forMembershipPayment(
      trx: Knex.Transaction,
      payment: Payment,
      options: { dni?: string | null; sinFactura?: boolean } = {},
    ) {
      if (options.sinFactura && !settings.allowSinFactura) throw new ValidationFailed(m.sinFacturaNotAllowed);
      const meses = payment.months === 1 ? '1 mes' : `${payment.months} meses`;
      return repo.insert(trx, {
        ...base(),
        kind: 'factura_c',
        cbte_tipo: 11,
        state: options.sinFactura ? 'sin_factura' : 'pendiente',
        membership_payment_id: payment.id,
        id_usuario: payment.idUsuario,
        detalle: `Cuota (${meses}) del ${formatDate(payment.periodFrom)} al ${formatDate(payment.periodTo)}, recibo ${payment.receipt}`,
        ...receiverOf(options.dni),
        concepto: 2,
        total_centavos: payment.amountCentavos,
        service_from: payment.periodFrom as unknown as Date,
        service_to: payment.periodTo as unknown as Date,
        payment_due: tucumanToday(clock.now()) as unknown as Date,
      });
    },

    /** A shop order when it is paid: concepto 1 (goods), the buyer unidentified (no DNI is asked at checkout). */
    async forOrder(trx: Knex.Transaction, order: PaidOrder) {
      if (await repo.facturaOf(trx, { orderId: order.id })) return undefined;
      return repo.insert(trx, {
        ...base(),
        kind: 'factura_c',
        cbte_tipo: 11,
        order_id: order.id,
        detalle: `Pedido ${order.numero} de la tienda`,
        ...receiverOf(null),
        concepto: 1,
        total_centavos: order.totalCentavos,
      });
    },

    /** A voided membership payment: a Nota de Crédito C tied to its invoice. */
    async creditNoteForPayment(trx: Knex.Transaction, paymentId: string) {
      return creditNote(trx, (await repo.facturaOf(trx, { membershipPaymentId: paymentId }))?.id, 'Anulación');
    },

    /** A paid order cancelled or refunded: a Nota de Crédito C tied to its invoice. */
    async creditNoteForOrder(trx: Knex.Transaction, orderId: string) {
      return creditNote(trx, (await repo.facturaOf(trx, { orderId }))?.id, 'Devolución');
    },
  };
}

export type InvoiceOutbox = ReturnType<typeof createInvoiceOutbox>;
