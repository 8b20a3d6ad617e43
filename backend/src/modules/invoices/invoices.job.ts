import type { Job } from '../../jobs/jobs';
import { invoicingFor } from './invoices.wiring';

/**
 * Every minute, on one replica: the pending invoices authorised by ARCA (the outbox). Each series
 * (punto de venta, tipo) is also leased on its own, so a second runner never numbers beside it.
 * While ARCA is down the run counts as failed, so the operator hears of it.
 */
export const invoicesJob: Job = {
  name: 'autorizar-facturas',
  everyMs: 60_000,
  leaseMs: 10 * 60_000,
  async run(ctx) {
    const invoicing = ctx.config && invoicingFor({ ...ctx, config: ctx.config });
    if (!invoicing) return { skipped: 'facturación apagada' };
    const { problemas, ...counts } = await invoicing.authoriser.authorisePending();
    if (problemas.length) throw new Error(`ARCA: ${problemas[0]} (${counts.esperando} facturas esperan)`);
    return counts;
  },
};
