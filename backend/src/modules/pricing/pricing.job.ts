import { createAuditRecorder } from '../audit';
import type { Job } from '../../jobs/jobs';
import { pricingServiceFor } from './pricing.wiring';

export const IPC_JOB = 'leer-ipc';
export const PRICING_JOB = 'cambios-de-precio';

/** Every 6 hours on one replica: the IPC from IPC_API_URL, else the shipped CSV; neither, the run fails (the owner sees it). */
export const ipcJob: Job = {
  name: IPC_JOB,
  everyMs: 6 * 60 * 60_000,
  async run(ctx) {
    if (!ctx.config || !ctx.mailer) return { meses: 0 };
    const service = pricingServiceFor({
      ...ctx,
      config: ctx.config,
      mailer: ctx.mailer,
      audit: createAuditRecorder(ctx.clock),
    });
    return service.readIpc();
  },
};

/** Every 15 minutes on one replica: notices of changes entering their period, changes due applied, debits re-priced. */
export const pricingJob: Job = {
  name: PRICING_JOB,
  everyMs: 15 * 60_000,
  async run(ctx) {
    if (!ctx.config || !ctx.mailer) return { aplicados: 0 };
    const service = pricingServiceFor({
      ...ctx,
      config: ctx.config,
      mailer: ctx.mailer,
      audit: createAuditRecorder(ctx.clock),
    });
    return service.run();
  },
};
