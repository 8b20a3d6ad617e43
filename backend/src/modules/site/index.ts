import type { AppConfig } from '../../config';
import { createSiteController } from './site.controller';
import { siteRoutes } from './site.routes';

export function siteModule(deps: { config: AppConfig; weather: boolean }) {
  const { instagramUrl, facebookUrl, whatsappNumber } = deps.config.social;
  const { pickup, notifyEmail } = deps.config.orders;
  return {
    router: siteRoutes(
      createSiteController({
        weather: deps.weather,
        social: {
          instagram: instagramUrl ?? null,
          facebook: facebookUrl ?? null,
          whatsapp: whatsappNumber ? `https://wa.me/${whatsappNumber}` : null,
        },
        pickup,
        receipt: { email: notifyEmail, whatsapp: whatsappNumber ?? null },
        mercadoPago: deps.config.mercadoPago !== undefined,
      }),
    ),
  };
}
