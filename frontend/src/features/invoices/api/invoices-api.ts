import type {
  InvoiceMonthSummary,
  InvoiceRetryInput,
  InvoiceState,
  InvoiceView,
  InvoicingStatus,
} from '@gym/contracts/invoices';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export interface InvoicePage {
  facturas: InvoiceView[];
  total: number;
  page: number;
  limit: number;
}

/** ARCA's invoices newest first, 50 a page; every state when `estado` is not given. */
export const getInvoices = (query: { estado?: InvoiceState; page: number }, signal?: AbortSignal) =>
  api
    .get('facturas', {
      searchParams: { ...(query.estado ? { estado: query.estado } : {}), page: query.page },
      signal,
    })
    .json<InvoicePage>();

/** The month ('aaaa-mm') invoiced next to its income. */
export const getInvoiceMonth = (mes: string, signal?: AbortSignal) =>
  api.get('facturas/resumen', { searchParams: { mes }, signal }).json<InvoiceMonthSummary>();

/** A rejected invoice back to the queue, its receiver corrected first where `fix` says. */
export const retryInvoice = (id: string, fix: InvoiceRetryInput = {}) =>
  changing(
    ['invoices'],
    api
      .post(`facturas/${encodeURIComponent(id)}/reintentar`, { json: fix, retry: 0 })
      .json<{ message: string; factura: InvoiceView }>(),
  );

/** Whether invoicing is on, and a warning while ARCA's certificate is about to end (or has ended). */
export const getInvoicingStatus = (signal?: AbortSignal) =>
  api.get('facturas/estado', { signal }).json<InvoicingStatus>();
