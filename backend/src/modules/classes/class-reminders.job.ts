import type { Job } from '../../jobs/jobs';
import { clientReads } from '../clients';
import { messagingServiceFor } from '../messaging';
import { createBookingsRepository } from './bookings.repository';
import { createClassRemindersService } from './class-reminders.service';

export const CLASS_REMINDERS_JOB = 'clase-de-manana';

/**
 * Every hour, on one replica (the job runner's claim); from 18:00 in Tucumán it queues the
 * `clase_de_manana` WhatsApp template for tomorrow's booked places. A place booked later that
 * evening is caught by the next run; the outbox's key keeps each booking to one message.
 */
export const classRemindersJob: Job = {
  name: CLASS_REMINDERS_JOB,
  everyMs: 60 * 60_000,
  leaseMs: 15 * 60_000,
  async run(ctx) {
    if (!ctx.config || !ctx.mailer) return { omitido: 'sin configuración' };
    const clients = clientReads(ctx.db);
    return createClassRemindersService({
      bookings: createBookingsRepository(ctx.db),
      names: (ids) => clients.names(ids),
      whatsapp: messagingServiceFor({ ...ctx, config: ctx.config, mailer: ctx.mailer, clients }),
      clock: ctx.clock,
    }).remindTomorrow();
  },
};
