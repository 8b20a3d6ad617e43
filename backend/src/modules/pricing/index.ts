import type { RequestHandler } from 'express';
import { createPricingController } from './pricing.controller';
import { pricingRoutes } from './pricing.routes';
import { pricingServiceFor, type PricingDeps } from './pricing.wiring';

export { ipcJob, pricingJob } from './pricing.job';
export { pricingServiceFor, type PricingDeps } from './pricing.wiring';
export type { PricingService } from './pricing.service';

/** Scheduled price changes indexed to the IPC (issue 47): the owner's routes, the member's banner, Reportes' IPC. */
export function pricingModule(
  deps: PricingDeps,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  return { router: pricingRoutes(createPricingController(pricingServiceFor(deps)), guards) };
}
