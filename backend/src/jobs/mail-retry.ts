import { retryDueMails } from '../shared/mail-retry';
import type { Job } from './jobs';

/**
 * Every minute, on one replica: the outbox's due mails are sent (shared/mail-retry): those the SMTP
 * server refused, tried again with backoff, and those a process queued but died before sending.
 * While any refused one still waits the job counts as failed, so `TareaFallaDosVeces` tells the
 * operator within a few minutes that mail is down and the buyers' confirmations are waiting.
 */
export const mailRetryJob: Job = {
  name: 'reintentar-correos',
  everyMs: 60_000,
  // A pass sends up to fifty and stops at the first failure (10 s at most): a slow server still fits.
  leaseMs: 10 * 60_000,
  async run(ctx) {
    if (!ctx.mailer) return { skipped: 'sin servicio de correo' };
    const { lastError, ...done } = await retryDueMails({ ...ctx, mailer: ctx.mailer });
    const n = done.waiting;
    const waiting =
      n === 1
        ? 'Un correo espera que el servidor de correo lo acepte'
        : `${n} correos esperan que el servidor de correo los acepte`;
    if (n) throw new Error(`${waiting} (último error: ${lastError})`);
    return done;
  },
};
