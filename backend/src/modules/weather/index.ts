import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { WeatherClient } from './weather.client';
import type { WeatherLimits } from './weather.service';
import { createWeatherController } from './weather.controller';
import { weatherRoutes } from './weather.routes';
import { createWeatherService } from './weather.service';

export function weatherModule(deps: { client: WeatherClient; clock: Clock; logger: Logger; limits: WeatherLimits }) {
  return { router: weatherRoutes(createWeatherController(createWeatherService(deps))) };
}
