import { tucumanToday } from '@gym/contracts/membership-dates';
import type { Job } from '../../jobs/jobs';
import { createRemindersServiceFor } from './index';
import { REMINDERS_JOB } from './reminders.service';

/**
 * Once a day, on one replica (the job runner's claim), e-mails the clients whose plan ends within
 * three days, through the one outbox (sent after the run, retried by `reintentar-correos`); the
 * reminders' unique index and the outbox key keep it to one per client and period even if it runs again.
 */
export const membershipRemindersJob: Job = {
  name: REMINDERS_JOB,
  everyMs: 24 * 60 * 60 * 1000,
  leaseMs: 15 * 60 * 1000,
  async run(ctx) {
    if (!ctx.mailer) throw new Error('sin servicio de correo');
    if (!ctx.config) throw new Error('sin configuración (la dirección del sitio para el enlace a la cuenta)');
    const service = createRemindersServiceFor({ ...ctx, mailer: ctx.mailer, config: ctx.config });
    return service.sendAutomatic(tucumanToday(ctx.clock.now()));
  },
};
