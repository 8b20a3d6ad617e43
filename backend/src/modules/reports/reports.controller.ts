import type { RequestHandler } from 'express';
import { can } from '@gym/contracts';
import { currentAccount } from '../../http/auth';
import type { ReceiptGym } from '../memberships';
import { closingPdf } from './closing-pdf';
import type { AccountingService } from './accounting.service';
import type { ClosingsService } from './closings.service';
import type { TrendsService } from './trends.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function createReportsController(
  { closings, accounting, trends }: { closings: ClosingsService; accounting: AccountingService; trends: TrendsService },
  gym: ReceiptGym,
) {
  /** A report over time answers JSON from the query's `hasta`. */
  const report =
    (build: (query: Record<string, unknown>) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      res.json(await build(req.query as Record<string, unknown>));
    };
  return {
    income: report(trends.income),
    members: report(trends.members),
    attendance: report(trends.attendance),
    shop: report(trends.shop),
    /** Streamed: once the first bytes left, a failure can only cut the download (and is logged). */
    accounting: (async (req, res) => {
      const q = accounting.parse(req.query as Record<string, unknown>);
      res
        .type(q.formato === 'xlsx' ? XLSX : 'text/csv; charset=utf-8')
        .attachment(`contable-${q.periodo}.${q.formato}`);
      try {
        await accounting.write(q, res);
      } catch (err) {
        // Once bytes left, only cutting the download tells the client; the error handler logs it.
        if (res.headersSent) res.destroy();
        throw err;
      }
    }) as RequestHandler,
    current: (async (_req, res) => {
      res.json(await closings.current(currentAccount(res)));
    }) as RequestHandler,
    close: (async (req, res) => {
      res.status(201).json({ cierre: await closings.close(currentAccount(res), req.body) });
    }) as RequestHandler,
    ofDay: (async (req, res) => {
      res.json(await closings.ofDay(req.query as Record<string, unknown>));
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
