import type { Knex } from 'knex';
import { voucherNumber } from '@gym/contracts/invoices';
import { arcaQrUrl } from './invoice-qr';
import { createInvoicesRepository } from './invoices.repository';
import type { InvoicingConfig } from './invoices.settings';

/** Draws RG 4892's QR on a PDF page (the receipt's). */
export { drawQr } from './invoice-qr';

/** What a receipt prints of its payment's authorised invoice (issue 44): the receipt becomes the Factura C. */
export interface ReceiptInvoice {
  kind: 'Factura C' | 'Nota de Crédito C';
  /** ARCA's `0003-00000123`. */
  numero: string;
  cae: string;
  /** The CAE's due date, 'aaaa-mm-dd'. */
  caeVence: string;
  /** RG 4892's QR address; absent when invoicing is off now (no CUIT to put in it). */
  qrUrl?: string;
}

/**
 * What other modules read of the invoices: a payment's Factura C once ARCA authorised it, for its
 * receipt. `settings` (config.invoicing) gives the CUIT the QR carries.
 */
export function invoiceReads(db: Knex, settings?: Pick<InvoicingConfig, 'cuit'>) {
  const repo = createInvoicesRepository(db);
  return {
    async authorisedForPayment(paymentId: string): Promise<ReceiptInvoice | undefined> {
      const inv = await repo.facturaOf(db, { membershipPaymentId: paymentId });
      if (!inv || inv.state !== 'autorizada' || !inv.number || !inv.cae || !inv.caeDueDate || !inv.date)
        return undefined;
      return {
        kind: inv.cbteTipo === 11 ? 'Factura C' : 'Nota de Crédito C',
        numero: voucherNumber(inv.ptoVta, inv.number),
        cae: inv.cae,
        caeVence: inv.caeDueDate,
        ...(settings && {
          qrUrl: arcaQrUrl({
            date: inv.date,
            cuit: settings.cuit,
            ptoVta: inv.ptoVta,
            cbteTipo: inv.cbteTipo,
            number: inv.number,
            totalCentavos: inv.totalCentavos,
            docTipo: inv.docTipo,
            docNro: inv.docNro,
            cae: inv.cae,
          }),
        }),
      };
    },
  };
}

export type InvoiceReads = ReturnType<typeof invoiceReads>;
