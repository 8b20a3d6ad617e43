import { cityKey, weatherMessages, type WeatherReport } from '@gym/contracts/weather';
import { securityMessages } from '@gym/contracts/security-messages';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { ServiceUnavailable, ValidationFailed } from '../../shared/errors';
import type { WeatherClient } from './weather.client';

export const WEATHER_CACHE_MS = 10 * 60_000;
/** A failed call is remembered this long: a provider that is down is not asked again at once. */
export const WEATHER_FAILURE_CACHE_MS = 30_000;
const MINUTE = 60_000;

type Entry = { report: WeatherReport; expiresAt: number } | { report?: undefined; expiresAt: number };

export interface WeatherLimits {
  /** The only cities forwarded to the provider (as cityKey); any other is 400, with no call. */
  cities: string[];
  /** At most this many provider calls per minute in this process; past it, 503 without a call. */
  callsPerMinute: number;
}

/**
 * Answers cached per city in this process for 10 minutes (a stale reading is harmless, DESIGN.md);
 * concurrent misses for one city share one provider call. The gym's key is spent only on the
 * configured cities, within a budget per minute, and a failure is cached for 30 seconds.
 */
export function createWeatherService(deps: {
  client: WeatherClient;
  clock: Clock;
  logger: Logger;
  limits: WeatherLimits;
}) {
  const allowed = new Set(deps.limits.cities);
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<WeatherReport>>();
  const calls: number[] = [];

  function spendCall(now: number): boolean {
    while (calls.length > 0 && calls[0]! <= now - MINUTE) calls.shift();
    if (calls.length >= deps.limits.callsPerMinute) return false;
    calls.push(now);
    return true;
  }

  async function fetchAndCache(key: string, city: string): Promise<WeatherReport> {
    try {
      const report = await deps.client.current(city);
      cache.set(key, { report, expiresAt: deps.clock.now().getTime() + WEATHER_CACHE_MS });
      return report;
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : 'unknown';
      deps.logger.warn({ city, reason }, 'weather provider failed');
      cache.set(key, { expiresAt: deps.clock.now().getTime() + WEATHER_FAILURE_CACHE_MS });
      throw new ServiceUnavailable(weatherMessages.unavailable);
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    async current(city: string): Promise<WeatherReport> {
      const key = cityKey(city);
      if (!allowed.has(key))
        throw new ValidationFailed(securityMessages.weatherCity, { city: securityMessages.weatherCity });
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) {
        if (hit.report) return hit.report;
        throw new ServiceUnavailable(weatherMessages.unavailable);
      }
      let pending = inFlight.get(key);
      if (!pending) {
        if (!spendCall(now)) throw new ServiceUnavailable(weatherMessages.unavailable);
        pending = fetchAndCache(key, city);
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
