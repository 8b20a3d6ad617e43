import type { WeatherReport } from '@gym/contracts/weather';
import { api } from '@/api/client';

/** Current conditions for a city, through our API (the provider key stays on the server). */
export function getWeather(city: string, signal?: AbortSignal): Promise<WeatherReport> {
  // a 503 means the provider is down: asking again at once would not help
  return api.get('weather', { searchParams: { city }, signal, retry: 0 }).json<WeatherReport>();
}
