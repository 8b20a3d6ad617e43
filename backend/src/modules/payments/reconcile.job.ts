import type { Job } from '../../jobs/jobs';
import { debitsFromConfig } from './debits.wiring';
import { paymentsFromConfig } from './wiring';

export const RECONCILE_JOB = 'conciliar-mercadopago';

/** Every 5 minutes, on one replica; without Mercado Pago configured it has nothing to do. */
export const reconcileJob: Job = {
  name: RECONCILE_JOB,
  everyMs: 5 * 60_000,
  async run(ctx) {
    const settings = ctx.config?.mercadoPago;
    const payments = ctx.config && ctx.mailer && paymentsFromConfig({ ...ctx, config: ctx.config, mailer: ctx.mailer });
    if (!payments || !settings) return { revisados: 0 };
    // What is still pending after MERCADOPAGO_RECONCILE_MINUTES (15) is asked of the provider.
    const counts = await payments.reconcile(settings.reconcileMinutes);
    // And the open automatic debits: their status, the member's pause or archive, their charges.
    const debits = await debitsFromConfig({ ...ctx, config: ctx.config!, mailer: ctx.mailer! })!.reconcile();
    return { ...counts, ...debits };
  },
};
