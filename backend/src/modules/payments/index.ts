import type { RequestHandler } from 'express';
import { createPaymentsController } from './payments.controller';
import { paymentsRoutes } from './payments.routes';
import type { PaymentsService } from './payments.service';

export { createPayments } from './wiring';
export { reconcileJob } from './reconcile.job';

/** Mercado Pago's routes; without it configured (no service) none exists and the method is not offered. */
export function paymentsModule(
  service: PaymentsService | undefined,
  guards: { refundStaff: RequestHandler; requireMember: RequestHandler },
) {
  return { router: service ? paymentsRoutes(createPaymentsController(service), guards) : undefined };
}
