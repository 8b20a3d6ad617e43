import { Router } from 'express';
import type { createWeatherController } from './weather.controller';

/** Public: the home page's weather box. */
export function weatherRoutes(controller: ReturnType<typeof createWeatherController>) {
  return Router().get('/weather', controller.current);
}
