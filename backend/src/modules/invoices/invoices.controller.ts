import type { RequestHandler } from 'express';
import {
  invoiceListQuerySchema,
  invoiceMonthQuerySchema,
  invoiceRetrySchema,
  type InvoiceState,
} from '@gym/contracts/invoices';
import { validate } from '../../http/validate';
import type { InvoicesService } from './invoices.service';

export function createInvoicesController(invoices: InvoicesService) {
  const handlers = {
    list: async (req, res) => {
      const { estado, page } = validate(invoiceListQuerySchema, req.query);
      res.json(await invoices.list({ estado: estado as InvoiceState | undefined, page }));
    },
    status: (_req, res) => {
      res.json(invoices.status());
    },
    summary: async (req, res) => {
      res.json(await invoices.summary(validate(invoiceMonthQuerySchema, req.query).mes));
    },
    retry: async (req, res) => {
      res.json(await invoices.retry(String(req.params.id), validate(invoiceRetrySchema, req.body ?? {})));
    },
  } satisfies Record<string, RequestHandler>;
  return handlers;
}
