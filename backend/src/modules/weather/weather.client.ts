import type { WeatherReport } from '@gym/contracts/weather';
import type { AppConfig } from '../../config';

/** Current conditions for a city, or a rejection; injected into createApp so tests can swap it. */
export interface WeatherClient {
  current(city: string): Promise<WeatherReport>;
}

export const WEATHER_TIMEOUT_MS = 3_000;
const MAX_BODY_CHARS = 100_000;

export class WeatherProviderError extends Error {}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 200;

/** Protocol-relative icons become https; anything but an http(s) URL is refused. */
function iconUrl(icon: string): string | undefined {
  const absolute = icon.startsWith('//') ? `https:${icon}` : icon;
  return /^https?:\/\/[^\s"'<>]+$/.test(absolute) ? absolute : undefined;
}

/** Keeps only the fields the weather box reads; anything missing or odd means the answer is garbage. */
export function parseWeather(raw: unknown): WeatherReport {
  const body = raw as {
    location?: { name?: unknown; country?: unknown };
    current?: { temp_c?: unknown; condition?: { icon?: unknown; text?: unknown } };
  } | null;
  const name = body?.location?.name;
  const country = body?.location?.country;
  const temp = body?.current?.temp_c;
  const icon = body?.current?.condition?.icon;
  const text = body?.current?.condition?.text;
  const url = isText(icon) ? iconUrl(icon) : undefined;
  if (
    !isText(name) ||
    !isText(country) ||
    !isText(text) ||
    !url ||
    typeof temp !== 'number' ||
    !Number.isFinite(temp)
  ) {
    throw new WeatherProviderError('the provider answered an unexpected body');
  }
  return { location: { name, country }, current: { condition: { icon: url, text }, temp_c: temp } };
}

/** A weatherapi.com-shaped provider: GET {apiUrl}/current.json?key=…&q=…&aqi=no, with a time-out. */
export function createWeatherApiClient(options: { apiUrl: string; apiKey: string; timeoutMs?: number }): WeatherClient {
  return {
    async current(city) {
      const url = new URL(`${options.apiUrl}/current.json`);
      url.search = new URLSearchParams({ key: options.apiKey, q: city, aqi: 'no' }).toString();
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? WEATHER_TIMEOUT_MS),
        redirect: 'error',
      });
      const body = await res.text();
      if (!res.ok) throw new WeatherProviderError(`the provider answered ${res.status}`);
      if (body.length > MAX_BODY_CHARS) throw new WeatherProviderError('the provider answered too much');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new WeatherProviderError('the provider answered something that is not JSON');
      }
      return parseWeather(parsed);
    },
  };
}

const notConfigured: WeatherClient = {
  current: () => Promise.reject(new WeatherProviderError('WEATHER_API_KEY is not set')),
};

export function createWeatherClient(config: AppConfig): WeatherClient {
  const { apiUrl, apiKey } = config.weather;
  return apiKey ? createWeatherApiClient({ apiUrl, apiKey }) : notConfigured;
}
