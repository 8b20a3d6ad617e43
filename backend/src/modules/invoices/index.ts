import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { AuditRecorder } from '../audit';
import { incomeReader } from '../reports';
import { createInvoicesController } from './invoices.controller';
import { createInvoiceOutbox } from './invoices.outbox';
import { createInvoicesRepository } from './invoices.repository';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

export { invoicesJob } from './invoices.job';
export { invoicingFor } from './invoices.wiring';
export { drawQr, invoiceReads, type InvoiceReads, type ReceiptInvoice } from './invoice.reads';
export type { InvoiceOutbox, PaidOrder } from './invoices.outbox';

/**
 * The outbox a payment's transaction writes its invoice into (memberships, orders); undefined while
 * invoicing is off, so callers write nothing and change nothing then.
 */
export function invoiceOutbox(db: Knex, clock: Clock, config: AppConfig) {
  const settings = config.invoicing;
  return settings && createInvoiceOutbox({ repo: createInvoicesRepository(db), clock, settings });
}

/** ARCA's electronic invoices (issue 44): the staff's list, retry and month; the job authorises. */
export function invoicesModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; config: AppConfig },
  requireStaff: RequestHandler,
) {
  const service = createInvoicesService({
    repo: createInvoicesRepository(deps.db),
    clock: deps.clock,
    audit: deps.audit,
    income: incomeReader(deps.db),
    settings: deps.config.invoicing,
  });
  return { router: invoicesRoutes(createInvoicesController(service), requireStaff) };
}
