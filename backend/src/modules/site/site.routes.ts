import { Router } from 'express';
import type { createSiteController } from './site.controller';

/** Public: the footer's social links and whether the home's weather box has a provider. */
export function siteRoutes(controller: ReturnType<typeof createSiteController>) {
  return Router().get('/site', controller.show);
}
