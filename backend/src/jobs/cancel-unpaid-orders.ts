import { ORDER_DEFAULT_LIMITS } from '@gym/contracts/orders';
import { DEFAULT_ORDER_HOLD } from '../config';
import { createAuditRecorder } from '../modules/audit';
import { ordersServiceForJob } from '../modules/orders';
import type { Job } from './jobs';

const noSettings = {
  siteUrl: '',
  notifyEmail: '',
  transfer: { alias: '', cbu: '', titular: '' },
  pickup: { address: '', hours: '' },
};

/**
 * Pending orders older than ORDER_UNPAID_HOURS (72 by default), and those of more than
 * ORDER_LARGE_UNITS units older than ORDER_LARGE_UNPAID_HOURS (10 and 24), are cancelled and
 * their stock goes back, each in its own transaction with the same locked move staff use (an
 * order paid a moment ago is left alone) and its audit row, whose actor is the job. The buyer is
 * told by e-mail (with the job's mailer; none in a bare run).
 */
export const cancelUnpaidOrders: Job = {
  name: 'cancel-unpaid-orders',
  everyMs: 15 * 60_000,
  async run(ctx) {
    const settings = ctx.config
      ? { ...ctx.config.orders, whatsappNumber: ctx.config.social.whatsappNumber }
      : { ...noSettings, ...DEFAULT_ORDER_HOLD, limits: ORDER_DEFAULT_LIMITS };
    const service = ordersServiceForJob({ ...ctx, settings, audit: createAuditRecorder(ctx.clock) });
    const { unpaidHours: hours, large } = settings;
    const { cancelled } = await service.cancelUnpaid(hours, { units: large.units, hours: large.unpaidHours });
    return {
      hours,
      largeUnits: large.units,
      largeHours: large.unpaidHours,
      cancelled: cancelled.length,
      numeros: cancelled,
    };
  },
};
