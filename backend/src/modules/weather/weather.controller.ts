import type { RequestHandler } from 'express';
import { weatherQuerySchema } from '@gym/contracts/weather';
import { validate } from '../../http/validate';
import type { WeatherService } from './weather.service';

export function createWeatherController(service: WeatherService) {
  const current: RequestHandler = async (req, res) => {
    const { city } = validate(weatherQuerySchema, { ...req.query });
    res.set('Cache-Control', 'public, max-age=300').json(await service.current(city));
  };

  return { current };
}
