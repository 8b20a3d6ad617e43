import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { securityMessages as s } from '@gym/contracts/security-messages';
import { weatherMessages as m } from '@gym/contracts/weather';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { WEATHER_TIMEOUT_MS } from './weather.client';

const KEY = 'clave-secreta-de-prueba-123';
/** The cities these tests ask for; only configured cities reach the provider. */
const CITIES = 'tucuman,San Miguel de Tucumán,rosario,mendoza,salta,jujuy,neuquen,chaco,corrientes,formosa,catamarca';
type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'missing-fields' | 'bad-icon';

/** The provider, in weatherapi.com's shape, on loopback: each test picks how it answers. */
let mode: Mode = 'ok';
const hits: URL[] = [];
const timers = new Set<NodeJS.Timeout>();
const provider = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://127.0.0.1');
  hits.push(url);
  const json = (status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const q = url.searchParams.get('q') ?? '';
  const answer = {
    location: { name: `Ciudad ${q}`, region: 'Tucumán', country: 'Argentina', lat: -26.82, lon: -65.22 },
    current: {
      temp_c: 27.5,
      temp_f: 81.5,
      wind_kph: 9,
      condition: { text: 'Soleado', icon: '//cdn.weatherapi.com/weather/64x64/day/113.png', code: 1000 },
    },
  };
  if (url.pathname !== '/v1/current.json') return json(404, {});
  if (mode === 'ok') return json(200, answer);
  // The provider's slowness is the behaviour under test (the API's time-out), not a wait to assert.
  if (mode === 'slow') return void timers.add(setTimeout(() => json(200, answer), WEATHER_TIMEOUT_MS + 1500));
  if (mode === 'error') return json(500, { error: { message: 'Internal' } });
  if (mode === 'missing-fields') return json(200, { location: answer.location });
  if (mode === 'bad-icon') {
    return json(200, { ...answer, current: { ...answer.current, condition: { text: 'x', icon: 'javascript:1' } } });
  }
  res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>no es JSON</html>');
});

let baseUrl: string;
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  t = await createTestApp({ clock, env: { WEATHER_API_URL: baseUrl, WEATHER_API_KEY: KEY, WEATHER_CITIES: CITIES } });
});
beforeEach(() => {
  mode = 'ok';
  hits.length = 0;
});
afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
  await t.close();
});

const weather = (query: string) => request(t.app).get(`/v1/weather${query}`);

describe('the weather box (GET /v1/weather, public)', () => {
  test('when a visitor asks for a city, then only the fields the box reads, the icon over https, and never the key', async () => {
    const res = await weather('?city=salta').expect(200);
    expect(res.body).toEqual({
      location: { name: 'Ciudad salta', country: 'Argentina' },
      current: {
        condition: { icon: 'https://cdn.weatherapi.com/weather/64x64/day/113.png', text: 'Soleado' },
        temp_c: 27.5,
      },
    });
    expect(JSON.stringify(res.headers) + res.text).not.toContain(KEY);
    expect(hits).toHaveLength(1);
    expect(Object.fromEntries(hits[0]!.searchParams)).toEqual({ key: KEY, q: 'salta', aqi: 'no' });
  });

  test('when no city is given, then it is Tucumán', async () => {
    await weather('').expect(200);
    expect(hits[0]!.searchParams.get('q')).toBe('tucuman');
  });

  test('when the same city is asked again within 10 minutes, then the provider is not called again', async () => {
    const first = await weather('?city=Jujuy').expect(200);
    const second = await weather('?city=jujuy').expect(200);
    expect(second.body).toEqual(first.body);
    expect(hits).toHaveLength(1);
    await weather('?city=Catamarca').expect(200);
    expect(hits).toHaveLength(2);
  });

  test('when 10 minutes have passed, then the provider is asked again', async () => {
    await weather('?city=Rosario').expect(200);
    clock.advanceMinutes(9);
    await weather('?city=Rosario').expect(200);
    expect(hits).toHaveLength(1);
    clock.advanceMinutes(2);
    await weather('?city=Rosario').expect(200);
    expect(hits).toHaveLength(2);
  });

  test('when many ask at once for a city not cached, then the provider is called once', async () => {
    await Promise.all([1, 2, 3, 4, 5].map(() => weather('?city=Mendoza').expect(200)));
    expect(hits).toHaveLength(1);
  });

  test.each([
    ['digits', '?city=Tucuman1'],
    ['markup', `?city=${encodeURIComponent('<script>')}`],
    ['51 letters', `?city=${'a'.repeat(51)}`],
    ['two cities', '?city=Salta&city=Jujuy'],
  ])('when the city has %s, then 400 with its message and the provider is not called', async (_s, query) => {
    const res = await weather(query).expect(400);
    expect(res.body).toEqual({ error: { message: m.cityInvalid, fields: { city: m.cityInvalid } } });
    expect(hits).toHaveLength(0);
  });

  test('a city with accents and spaces is accepted', async () => {
    await weather(`?city=${encodeURIComponent('San Miguel de Tucumán')}`).expect(200);
    expect(hits[0]!.searchParams.get('q')).toBe('San Miguel de Tucumán');
  });

  test.each([
    ['answers 500', 'error'],
    ['answers HTML instead of JSON', 'garbage'],
    ['leaves out the current conditions', 'missing-fields'],
    ['sends an icon that is not a web address', 'bad-icon'],
  ] as const)('when the provider %s, then 503 "El clima no está disponible en este momento"', async (_s, how) => {
    mode = how;
    const res = await weather(`?city=Neuquen`).expect(503);
    expect(res.body).toEqual({ error: { message: m.unavailable } });
    expect(res.text).not.toContain(KEY);
  });

  test('when the provider is slow, then 503 after the 3-second time-out, never a hang', async () => {
    mode = 'slow';
    // The order, not the time: the provider answers a good 200 only 1.5 s after the time-out, so a
    // 503 means the API gave up before that answer came (without a time-out it would relay it).
    const res = await weather('?city=Chaco').expect(503);
    expect(res.body).toEqual({ error: { message: m.unavailable } });
  });

  test('a failure is cached for 30 seconds only: when the provider is back, a call after that answers', async () => {
    mode = 'error';
    await weather('?city=Corrientes').expect(503);
    mode = 'ok';
    await weather('?city=Corrientes').expect(503);
    expect(hits).toHaveLength(1);
    clock.advanceMinutes(1);
    await weather('?city=Corrientes').expect(200);
    expect(hits).toHaveLength(2);
  });
});

describe('without a provider, or when it fails', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const appWith = (env: Record<string, string>) =>
    createApp({
      db: t.db,
      config: loadConfig({ NODE_ENV: 'test', STATIC_DIR: '/nonexistent', ...env }),
      logger: createLogger({ level: 'info', pretty: false }, sink),
    });

  test('when WEATHER_API_KEY is not set, then 503 with the Spanish message', async () => {
    const res = await request(appWith({})).get('/v1/weather?city=tucuman').expect(503);
    expect(res.body).toEqual({ error: { message: m.unavailable } });
  });

  test('when the provider fails, then the log says so without the key', async () => {
    mode = 'error';
    const app = appWith({ WEATHER_API_URL: baseUrl, WEATHER_API_KEY: KEY, WEATHER_CITIES: CITIES });
    await request(app).get('/v1/weather?city=Formosa').expect(503);
    const log = lines.join('');
    expect(log).toContain('weather provider failed');
    expect(log).not.toContain(KEY);
  });
});

describe('the gym’s key is spent only on configured cities, within a budget', () => {
  test('by default only Tucumán is forwarded: 300 other cities make no provider call, each a Spanish 400', async () => {
    const site = await createTestApp({ clock, env: { WEATHER_API_URL: baseUrl, WEATHER_API_KEY: KEY } });
    try {
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      for (let i = 0; i < 300; i++) {
        const city = `Ciudad ${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}`;
        const res = await request(site.app).get(`/v1/weather?city=${encodeURIComponent(city)}`);
        expect(res.status).toBe(400);
        if (i === 0) expect(res.body).toEqual({ error: { message: s.weatherCity, fields: { city: s.weatherCity } } });
      }
      expect(hits).toHaveLength(0);
      for (const spelling of ['tucuman', 'Tucumán', 'TUCUMAN', ' tucumán ']) {
        await request(site.app)
          .get(`/v1/weather?city=${encodeURIComponent(spelling)}`)
          .expect(200);
      }
      await request(site.app).get('/v1/weather').expect(200);
      expect(hits).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  test('the provider is called at most WEATHER_CALLS_PER_MINUTE times a minute, whatever is asked', async () => {
    const site = await createTestApp({
      clock,
      env: { WEATHER_API_URL: baseUrl, WEATHER_API_KEY: KEY, WEATHER_CITIES: CITIES, WEATHER_CALLS_PER_MINUTE: '3' },
    });
    try {
      const cities = CITIES.split(',');
      const answers = [];
      for (const city of cities)
        answers.push((await request(site.app).get(`/v1/weather?city=${encodeURIComponent(city)}`)).status);
      expect(hits).toHaveLength(3);
      expect(answers).toEqual(cities.map((_, i) => (i < 3 ? 200 : 503)));
      clock.advanceMinutes(1);
      await request(site.app)
        .get(`/v1/weather?city=${encodeURIComponent(cities[5]!)}`)
        .expect(200);
      expect(hits).toHaveLength(4);
    } finally {
      await site.close();
    }
  });
});
