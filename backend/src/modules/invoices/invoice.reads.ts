import type { Knex } from 'knex';
import { voucherNumber } from '@gym/contracts/invoices';
import { arcaQrUrl } from './invoice-qr';
import { createInvoicesRepository } from './invoices.repository';
import type { InvoicingConfig } from './invoices.settings';
import type { LibroIvaVoucher, LineInvoice } from '@gym/contracts/reports';

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

const LIBRO_BATCH = 5000;
/** ARCA's `0003-00000123` as its two parts: punto de venta and number. */
const parts = (ptoVta: number, number: number) => {
  const [puntoDeVenta, numero] = voucherNumber(ptoVta, number).split('-') as [string, string];
  return { puntoDeVenta, numero };
};

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

    /**
     * The authorised Factura C of these payments and orders, by their id, in one read: the
     * accountant's export asks once per batch of lines. A line with none is absent.
     */
    async facturasOf(sources: { payments: string[]; orders: string[] }): Promise<Map<string, LineInvoice>> {
      const found = new Map<string, LineInvoice>();
      for (const inv of await repo.authorisedFacturasOf(sources)) {
        const id = inv.membershipPaymentId ?? inv.orderId;
        if (!id || !inv.number || !inv.cae) continue;
        found.set(id, { tipo: 'Factura C', ...parts(inv.ptoVta, inv.number), cae: inv.cae });
      }
      return found;
    },

    /**
     * The "Libro IVA Ventas" of the days from `fromDay` to before `toDay` ('aaaa-mm-dd'): every
     * authorised Factura C and Nota de Crédito C by its date, read in keyset batches.
     */
    async *libroIvaVentas(fromDay: string, toDay: string): AsyncGenerator<LibroIvaVoucher> {
      let after: Parameters<typeof repo.authorisedByDate>[2];
      for (;;) {
        const batch = await repo.authorisedByDate({ from: fromDay, to: toDay }, LIBRO_BATCH, after);
        for (const inv of batch) {
          yield {
            fecha: inv.date!,
            tipo: inv.cbteTipo === 11 ? 'Factura C' : 'Nota de Crédito C',
            codigo: inv.cbteTipo,
            ...parts(inv.ptoVta, inv.number!),
            docTipo: inv.docTipo,
            docNro: inv.docNro,
            totalCentavos: inv.totalCentavos,
            cae: inv.cae!,
            caeVence: inv.caeDueDate ?? '',
          };
        }
        const last = batch.at(-1);
        if (batch.length < LIBRO_BATCH || !last) return;
        after = { date: last.date!, ptoVta: last.ptoVta, cbteTipo: last.cbteTipo, number: last.number! };
      }
    },
  };
}

export type InvoiceReads = ReturnType<typeof invoiceReads>;
