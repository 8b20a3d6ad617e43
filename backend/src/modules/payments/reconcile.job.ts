import type { Job } from '../../jobs/jobs';
import { paymentsFromConfig } from './wiring';

export const RECONCILE_JOB = 'conciliar-mercadopago';

/** What is still pending after this long is asked of the provider: a lost notification loses nothing. */
export const RECONCILE_AFTER_MINUTES = 15;

/** Every 5 minutes, on one replica; without Mercado Pago configured it has nothing to do. */
export const reconcileJob: Job = {
  name: RECONCILE_JOB,
  everyMs: 5 * 60_000,
  async run(ctx) {
    const payments = ctx.config && ctx.mailer && paymentsFromConfig({ ...ctx, config: ctx.config, mailer: ctx.mailer });
    if (!payments) return { revisados: 0 };
    return payments.reconcile(RECONCILE_AFTER_MINUTES);
  },
};
