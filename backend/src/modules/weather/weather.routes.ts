import { Router } from 'express';
import { open } from '../../http/route-access';
import type { createWeatherController } from './weather.controller';

/** Public: the home page's weather box. */
export function weatherRoutes(controller: ReturnType<typeof createWeatherController>) {
  return Router().get(
    '/weather',
    open({
      input: '?city=',
      notes:
        '`{location: {name, country}, current: {condition: {icon, text}, temp_c}}`, cached 10 minutes per city; 503 when the provider fails, takes over 3 s or is not configured',
    }),
    controller.current,
  );
}
