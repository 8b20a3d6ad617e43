import type { Job } from '../../jobs/jobs';
import { messagingServiceFor } from './index';

/**
 * Every 30 s, on one replica: the queued WhatsApp messages sent at WHATSAPP_RATE_PER_SECOND at most,
 * retried with backoff on rate limits, 5xx and network errors, fallen back to e-mail for good otherwise.
 */
export const whatsappJob: Job = {
  name: 'enviar-whatsapp',
  everyMs: 30_000,
  leaseMs: 10 * 60_000,
  async run(ctx) {
    if (!ctx.config?.whatsapp) return { skipped: 'WhatsApp sin configurar' };
    if (!ctx.mailer) throw new Error('sin servicio de correo (el respaldo por e-mail)');
    return messagingServiceFor({ ...ctx, config: ctx.config, mailer: ctx.mailer }).sendDue();
  },
};
