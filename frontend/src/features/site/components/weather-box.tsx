import { useEffect, useId, useState } from 'react';
import { DEFAULT_WEATHER_CITY, weatherMessages, type WeatherReport } from '@gym/contracts/weather';
import { siteMessages } from '@gym/contracts/site';
import { usePublicResource } from '@/hooks/use-public-resource';
import { useSiteInfo } from '@/hooks/use-site-info';
import { getWeather } from '../api/get-weather';

/** SPEC §4 and §9: the weather is shown 2 s after the page opens. */
export const WEATHER_DELAY_MS = 2000;

const TEMPERATURE = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

// the provider answers protocol-relative icon URLs ("//cdn…"); the page is served over https
const iconUrl = (icon: string) => (icon.startsWith('//') ? `https:${icon}` : icon);

function useDelay(ms: number) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDone(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return done;
}

/**
 * The weather for Tucumán, or a quiet note when the provider is not answering. Without a
 * configured provider (a default install) the box is a compact note and asks nothing.
 */
export function WeatherBox({ city = DEFAULT_WEATHER_CITY }: { city?: string }) {
  const site = useSiteInfo();
  const titleId = useId();
  if (site.status === 'ready' && !site.data.weather) {
    return (
      <section className="weather-box weather-box--off card" aria-labelledby={titleId}>
        <div className="card-body py-3">
          <h2 className="h6 text-uppercase weather-box__title mb-1" id={titleId}>
            El clima hoy
          </h2>
          <p className="mb-0 small weather-box__note">{siteMessages.weatherNotConfigured}</p>
        </div>
      </section>
    );
  }
  // a failed /v1/site read falls back to asking for the weather, as before
  return <LiveWeather city={city} titleId={titleId} asking={site.status !== 'loading'} />;
}

function LiveWeather({ city, titleId, asking }: { city: string; titleId: string; asking: boolean }) {
  const weather = usePublicResource(
    (signal) => (asking ? getWeather(city, signal) : new Promise<never>(() => undefined)),
    [city, asking],
  );
  const waited = useDelay(WEATHER_DELAY_MS);
  const pending = !waited || weather.status === 'loading';

  return (
    <section className="weather-box card h-100" aria-labelledby={titleId} aria-busy={pending}>
      <div className="card-body">
        <h2 className="h6 text-uppercase weather-box__title" id={titleId}>
          El clima hoy
        </h2>
        <div aria-live="polite">
          {pending && (
            <p className="weather-box__waiting mb-0">
              <span className="spinner-grow spinner-grow-sm me-2" aria-hidden="true" />
              Consultando el clima…
            </p>
          )}
          {!pending && weather.status === 'error' && (
            <p className="mb-0 weather-box__note">{weatherMessages.unavailable}</p>
          )}
          {!pending && weather.status === 'ready' && <WeatherReportView report={weather.data} />}
        </div>
      </div>
    </section>
  );
}

function WeatherReportView({ report }: { report: WeatherReport }) {
  const { location, current } = report;
  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-2">
        <img src={iconUrl(current.condition.icon)} alt={current.condition.text} width={64} height={64} />
        <p className="mb-0 weather-box__temp">{TEMPERATURE.format(current.temp_c)} °C</p>
      </div>
      <p className="mb-0 fw-semibold">
        {location.name}, {location.country}
      </p>
      <p className="mb-0 weather-box__condition">{current.condition.text}</p>
    </>
  );
}
