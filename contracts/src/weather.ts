import * as yup from 'yup';
import { trimmedText } from './fields';

/** The fields of the provider's answer the weather box shows (SPEC §3), and nothing else. */
export interface WeatherReport {
  location: { name: string; country: string };
  current: { condition: { icon: string; text: string }; temp_c: number };
}

export const DEFAULT_WEATHER_CITY = 'tucuman';
export const WEATHER_CITY_MAX = 50;

export const weatherMessages = {
  unavailable: 'El clima no está disponible en este momento',
  cityInvalid: 'La ciudad solo puede tener letras y espacios (hasta 50 caracteres)',
} as const;

/** A city as the API matches it: lower case, without accents, single spaces ('San Miguel de Tucumán' → 'san miguel de tucuman'). */
export const cityKey = (city: string) =>
  city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Built on first import by the API; marked pure so a bundle that uses only the texts above (the
 * home page's weather box) leaves it, and Yup with it, out.
 */
export const weatherQuerySchema = /* @__PURE__ */ (() =>
  yup.object({
    city: trimmedText(weatherMessages.cityInvalid)
      .transform((value: string) => (value === '' ? undefined : value))
      .default(DEFAULT_WEATHER_CITY)
      .max(WEATHER_CITY_MAX, weatherMessages.cityInvalid)
      .matches(/^[\p{L} ]+$/u, weatherMessages.cityInvalid),
  }))();
