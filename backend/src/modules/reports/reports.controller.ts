import type { RequestHandler } from 'express';
import { can } from '@gym/contracts';
import { currentAccount } from '../../http/auth';
import type { ReceiptGym } from '../memberships';
import { closingPdf } from './closing-pdf';
import type { ClosingsService } from './closings.service';

export function createReportsController(closings: ClosingsService, gym: ReceiptGym) {
  return {
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
