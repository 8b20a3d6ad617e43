import type { Job } from '../../jobs/jobs';
import { queuedMailer } from '../../shared/mail-retry';
import { ownerContacts } from '../accounts';
import { mailCertificateWarning } from './certificate-warning';
import { invoicingFor } from './invoices.wiring';

/**
 * At each 15-second tick of the scheduler, on one replica: the pending invoices authorised by ARCA
 * (the outbox). Each series (punto de venta, tipo) is also leased on its own, so a second runner
 * never numbers beside it.
 * While ARCA is down the run counts as failed, so the operator hears of it. From a week before
 * ARCA's certificate ends the owners are e-mailed (certificate-warning.ts).
 */
export const invoicesJob: Job = {
  name: 'autorizar-facturas',
  everyMs: 15_000,
  leaseMs: 10 * 60_000,
  async run(ctx) {
    const invoicing = ctx.config && invoicingFor({ ...ctx, config: ctx.config });
    if (!invoicing) return { skipped: 'facturación apagada' };
    // The owners hear of the certificate ending by mail, whatever ARCA answers below.
    const aviso =
      ctx.mailer && ctx.config?.invoicing
        ? await mailCertificateWarning({
            db: ctx.db,
            clock: ctx.clock,
            outbox: queuedMailer({ ...ctx, mailer: ctx.mailer }),
            expiresAt: ctx.config.invoicing.certExpiresAt,
            owners: () => ownerContacts(ctx.db),
          })
        : null;
    const { problemas, ...counts } = await invoicing.authoriser.authorisePending();
    if (problemas.length) throw new Error(`ARCA: ${problemas[0]} (${counts.esperando} facturas esperan)`);
    return aviso ? { ...counts, avisoCertificado: aviso } : counts;
  },
};
