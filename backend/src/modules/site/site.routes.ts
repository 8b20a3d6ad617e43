import { Router } from 'express';
import { open } from '../../http/route-access';
import type { createSiteController } from './site.controller';

/** Public: the footer's social links and whether the home's weather box has a provider. */
export function siteRoutes(controller: ReturnType<typeof createSiteController>) {
  return Router().get(
    '/site',
    open({
      notes:
        "`{weather, social: {instagram, facebook, whatsapp}}` from the config: whether a weather provider is configured (without one the home's weather box is a compact note and asks nothing) and the footer's links; cached 5 minutes",
    }),
    controller.show,
  );
}
