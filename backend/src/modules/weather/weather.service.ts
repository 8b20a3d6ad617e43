import { weatherMessages, type WeatherReport } from '@gym/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { ServiceUnavailable } from '../../http/errors';
import type { WeatherClient } from './weather.client';

export const WEATHER_CACHE_MS = 10 * 60_000;
/** Cities are free text from visitors: the cache keeps at most this many, oldest out first. */
const MAX_CITIES = 200;

interface Entry {
  report: WeatherReport;
  expiresAt: number;
}

/**
 * Answers cached per city in this process for 10 minutes (a stale reading is harmless, DESIGN.md);
 * concurrent misses for one city share one provider call. A failure is never cached.
 */
export function createWeatherService(deps: { client: WeatherClient; clock: Clock; logger: Logger }) {
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<WeatherReport>>();

  async function fetchAndCache(key: string, city: string): Promise<WeatherReport> {
    try {
      const report = await deps.client.current(city);
      cache.delete(key);
      if (cache.size >= MAX_CITIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { report, expiresAt: deps.clock.now().getTime() + WEATHER_CACHE_MS });
      return report;
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : 'unknown';
      deps.logger.warn({ city, reason }, 'weather provider failed');
      throw new ServiceUnavailable(weatherMessages.unavailable);
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    async current(city: string): Promise<WeatherReport> {
      const key = city.toLowerCase().replace(/\s+/g, ' ');
      const hit = cache.get(key);
      if (hit && hit.expiresAt > deps.clock.now().getTime()) return hit.report;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchAndCache(key, city);
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
