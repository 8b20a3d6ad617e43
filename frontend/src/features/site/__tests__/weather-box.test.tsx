import { act, render, screen } from '@testing-library/react';
import { siteMessages } from '@gym/contracts/site';
import { aSiteInfo } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import { WeatherBox } from '../components/weather-box';

const TUCUMAN = {
  location: { name: 'San Miguel de Tucumán', country: 'Argentina' },
  current: { condition: { icon: '//cdn.weatherapi.com/weather/64x64/day/113.png', text: 'Soleado' }, temp_c: 28 },
};

const SITE = aSiteInfo({ weather: true });

/** Lets the answer arrive, then lets the given time pass. */
async function wait(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

describe('the weather box', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  test('asks once for Tucumán and shows the weather only after 2 seconds', async () => {
    const { calls } = serveApi({
      'GET /v1/site': () => ({ body: SITE }),
      'GET /v1/weather': () => ({ body: TUCUMAN }),
    });
    const weatherCalls = () => calls.filter((call) => call.path === '/v1/weather');
    render(<WeatherBox />);

    await wait(1900);
    expect(screen.getByText('Consultando el clima…')).toBeInTheDocument();
    expect(screen.queryByText('Soleado')).not.toBeInTheDocument();

    await wait(100);
    expect(screen.getByText('San Miguel de Tucumán, Argentina')).toBeInTheDocument();
    expect(screen.getByText('Soleado')).toBeInTheDocument();
    expect(screen.getByText('28 °C')).toBeInTheDocument();
    const icon = screen.getByRole('img', { name: 'Soleado' });
    expect(icon).toHaveAttribute('src', 'https://cdn.weatherapi.com/weather/64x64/day/113.png');
    expect(icon).toHaveAttribute('width', '64');
    expect(weatherCalls()).toHaveLength(1);
    expect(weatherCalls()[0]?.query.get('city')).toBe('tucuman');
  });

  test('when the provider is down (503), says so quietly after the same delay, without asking again', async () => {
    const { calls } = serveApi({
      'GET /v1/site': () => ({ body: SITE }),
      'GET /v1/weather': () => ({ status: 503, body: { error: { message: 'El clima no está disponible' } } }),
    });
    const consoleError = jest.spyOn(console, 'error');
    render(<WeatherBox />);

    await wait(1000);
    expect(screen.queryByText('El clima no está disponible en este momento')).not.toBeInTheDocument();
    await wait(1000);
    expect(screen.getByText('El clima no está disponible en este momento')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/v1/weather')).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('without a configured provider (a default install) the box is a compact note and asks for no weather', async () => {
    const { calls } = serveApi({ 'GET /v1/site': () => ({ body: { ...SITE, weather: false } }) });
    const consoleError = jest.spyOn(console, 'error');
    render(<WeatherBox />);
    await wait(2500);
    const box = screen.getByRole('region', { name: 'El clima hoy' });
    expect(box).toHaveTextContent(siteMessages.weatherNotConfigured);
    expect(box).not.toHaveClass('h-100');
    expect(screen.queryByText('Consultando el clima…')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/v1/site']);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
