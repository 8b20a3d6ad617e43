import { createOrdersRepository } from '../modules/orders/orders.repository';
import { createOrdersService } from '../modules/orders/orders.service';
import type { Job } from './jobs';

const noMail = { send: async () => undefined };

/**
 * Pending orders older than ORDER_UNPAID_HOURS (72 by default) are cancelled and their stock goes
 * back, each in its own transaction with the same conditional move staff use: an order paid a
 * moment ago is left alone.
 */
export const cancelUnpaidOrders: Job = {
  name: 'cancel-unpaid-orders',
  everyMs: 15 * 60_000,
  async run(ctx) {
    const hours = ctx.config?.orders.unpaidHours ?? 72;
    const service = createOrdersService({
      orders: createOrdersRepository(ctx.db),
      clock: ctx.clock,
      mailer: noMail,
      logger: ctx.logger,
      settings: ctx.config?.orders ?? { siteUrl: '', notifyEmail: '', transfer: { alias: '', cbu: '', titular: '' } },
    });
    const { cancelled } = await service.cancelUnpaid(hours);
    return { hours, cancelled: cancelled.length, numeros: cancelled };
  },
};
