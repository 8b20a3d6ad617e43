import type { RequestHandler } from 'express';
import {
  ACCOUNTING_FORMATS,
  accountingMessages,
  closingMessages,
  closingSchema,
  isYearMonth,
  reportMessages,
  type AccountingFormat,
} from '@gym/contracts/reports';
import { can } from '@gym/contracts/roles';
import { isIsoDate } from '@gym/contracts/membership-dates';
import { currentAccount } from '../../http/auth';
import { validate } from '../../http/validate';
import { ValidationFailed } from '../../shared/errors';
import type { ReceiptGym } from '../memberships';
import { closingPdf } from './closing-pdf';
import type { AccountingQuery, AccountingService } from './accounting.service';
import type { ClosingsService } from './closings.service';
import type { TrendsService } from './trends.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const YEAR = /^(19|20)\d{2}$/;

const absent = (value: unknown) => value === undefined || value === '';

/** `?hasta=aaaa-mm`, or nothing (this month). */
function untilMonth(query: Record<string, unknown>): string | undefined {
  const { hasta } = query;
  if (absent(hasta)) return undefined;
  if (!isYearMonth(hasta))
    throw new ValidationFailed(reportMessages.invalidMonth, { hasta: reportMessages.invalidMonth });
  return hasta;
}

/** `?mes=aaaa-mm`, or `anio=aaaa` for the whole year; `formato=csv|xlsx|libro-iva` (csv by default; libro-iva only for a month). */
function accountingQuery(query: Record<string, unknown>): AccountingQuery {
  const m = accountingMessages;
  const formato = (query.formato ?? 'csv') as AccountingFormat;
  if (!ACCOUNTING_FORMATS.includes(formato)) throw new ValidationFailed(m.invalidFormat, { formato: m.invalidFormat });
  if (query.anio !== undefined) {
    const anio = typeof query.anio === 'string' ? query.anio : '';
    if (!YEAR.test(anio)) throw new ValidationFailed(m.invalidYear, { anio: m.invalidYear });
    if (formato === 'libro-iva') throw new ValidationFailed(m.libroIvaMonthOnly, { anio: m.libroIvaMonthOnly });
    return { anio, formato };
  }
  const { mes } = query;
  if (!isYearMonth(mes)) throw new ValidationFailed(m.invalidMonth, { mes: m.invalidMonth });
  return { mes, formato };
}

/** `?dia=aaaa-mm-dd`, or nothing (today in Tucumán). */
function day(query: Record<string, unknown>): string | undefined {
  const { dia } = query;
  if (absent(dia)) return undefined;
  if (!isIsoDate(dia)) throw new ValidationFailed(closingMessages.invalidDate, { dia: closingMessages.invalidDate });
  return dia;
}

export function createReportsController(
  { closings, accounting, trends }: { closings: ClosingsService; accounting: AccountingService; trends: TrendsService },
  gym: ReceiptGym,
) {
  /** A report over time answers JSON from the query's `hasta`. */
  const report =
    (build: (hasta: string | undefined) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      res.json(await build(untilMonth(req.query as Record<string, unknown>)));
    };
  return {
    income: report(trends.income),
    members: report(trends.members),
    attendance: report(trends.attendance),
    shop: report(trends.shop),
    /** Streamed: once the first bytes left, a failure can only cut the download (and is logged). */
    accounting: (async (req, res) => {
      const period = accounting.period(accountingQuery(req.query as Record<string, unknown>));
      res
        .type(period.formato === 'xlsx' ? XLSX : 'text/csv; charset=utf-8')
        .attachment(
          period.formato === 'libro-iva'
            ? `libro-iva-ventas-${period.periodo}.csv`
            : `contable-${period.periodo}.${period.formato}`,
        );
      try {
        await accounting.write(period, res);
      } catch (err) {
        // Once bytes left, only cutting the download tells the client; the error handler logs it.
        if (res.headersSent) res.destroy();
        throw err;
      }
    }) as RequestHandler,
    current: (async (_req, res) => {
      res.json(await closings.current(currentAccount(res)));
    }) as RequestHandler,
    /** `{contadoCentavos, nota?}`: the cash counted in whole centavos, as the closing answers it. */
    close: (async (req, res) => {
      const input = validate(closingSchema, req.body);
      res.status(201).json({ cierre: await closings.close(currentAccount(res), input) });
    }) as RequestHandler,
    ofDay: (async (req, res) => {
      res.json(await closings.ofDay(day(req.query as Record<string, unknown>)));
    }) as RequestHandler,
    pdf: (async (req, res) => {
      const account = currentAccount(res);
      const closing = await closings.one(req.params.id, account, can(account.role, 'caja.ver'));
      res
        .type('application/pdf')
        .set('Content-Disposition', `inline; filename="cierre-de-caja-${closing.hasta.slice(0, 10)}.pdf"`)
        .send(await closingPdf(closing, gym));
    }) as RequestHandler<{ id: string }>,
  };
}
