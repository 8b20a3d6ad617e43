import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request from 'supertest';
import { securityMessages } from '@gym/contracts/security-messages';
import { createTestApp, TEST_ADMIN, TEST_STAFF_CODE, type TestApp } from '../../test/test-app';
import type { RouteEntry } from '../../test/route-table';
import { databaseFingerprint } from './fingerprint';
import {
  encodeLoose,
  encodeQuery,
  hostileBody,
  hostileCookie,
  hostilePathParam,
  hostileQuery,
  HOSTILE_STRINGS,
  QUERY_KEYS,
  RawObject,
  toJson,
  type HostileBody,
  type RawText,
} from './hostile-input';
import { cookieOf, describeRoute, routesOf, ZERO_UUID } from './routes';
import { MEMBER_ROUTES, SIGNED_ROUTES } from '../../api-routes';
import { routeKey } from '../route-permissions';

/**
 * Property: whatever a client sends to any registered route (as a visitor, and as signed-in staff),
 * the API never answers 5xx, always answers JSON (never HTML that could echo markup), and a refused
 * request (4xx) leaves every business table as it was. FUZZ_RUNS sets the runs per route and role.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const PRODUCT = {
  nombre: 'Guantes de prueba',
  categoria: ['accesorios'],
  precio: 2500,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Producto de prueba',
  portada: false,
  talle: ['m'],
  color: ['rojo'],
  stock: 4,
};
const OTHER = {
  idUsuario: 'u-prueba-1',
  nombre: 'Juan',
  edad: 30,
  correo: 'juan.perez@gym.com',
  celular: 3811234567,
  plan: 1,
  idPlan: 1,
  nombrePlan: 'PLAN PRUEBA',
  description: 'DESCRIPCION',
  precio: 2000,
  codigoPlan: 'p-prueba-1',
  user_name: 'Juan',
  user_email: 'juan.perez@gym.com',
  user_message: 'Hola, una consulta',
};

function templateFor(route: RouteEntry): Record<string, unknown> {
  if (route.path.includes('/product')) return PRODUCT;
  if (route.path === '/v1/user/login') return { ...TEST_ADMIN };
  if (route.path === '/v1/staff-code/verify') return { code: TEST_STAFF_CODE };
  if (route.path === '/v1/users') {
    return { name: 'Ana', lastname: 'Paz', email: 'ana.paz@gym.com', password: 'Fuerza2026', code: TEST_STAFF_CODE };
  }
  return OTHER;
}

let t: TestApp;
let server: http.Server;
let staffCookie: string;
let productIds: string[];
let fingerprint: string;

beforeAll(async () => {
  // The weather stub echoes the city it was asked for: a reflected-input probe of its own.
  t = await createTestApp({
    mailer: { send: async () => undefined },
    weather: {
      current: async (city) => ({
        location: { name: city, country: 'Argentina' },
        current: { condition: { icon: 'https://cdn.example/64x64/day/113.png', text: 'Soleado' }, temp_c: 25 },
      }),
    },
  });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const login = await request(server).post('/v1/user/login').send(TEST_ADMIN).expect(200);
  staffCookie = cookieOf(login.headers['set-cookie']);
  productIds = ((await t.db('products').select('id').limit(3)) as { id: string }[]).map((r) => r.id);
  fingerprint = await databaseFingerprint(t.db);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Sent {
  route: string;
  url: string;
  body: HostileBody;
  cookie?: string;
}

async function send(route: RouteEntry, sent: Sent) {
  const port = (server.address() as AddressInfo).port;
  const req = request(`http://127.0.0.1:${port}`)
    [route.method.toLowerCase() as 'post'](sent.url)
    .set('X-Forwarded-For', `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
    .ok(() => true);
  if (sent.cookie) req.set('Cookie', sent.cookie);
  if (route.method === 'GET') return req;
  if (sent.body.contentEncoding) req.set('Content-Encoding', sent.body.contentEncoding);
  return req.set('Content-Type', sent.body.contentType).send(sent.body.text);
}

function explain(sent: Sent, res: request.Response, problem: string) {
  const body =
    sent.body.text.length > 300 ? `${sent.body.text.slice(0, 300)}… (${sent.body.text.length})` : sent.body.text;
  return new Error(
    `${problem}\n${sent.route} → ${res.status}\nurl: ${sent.url.slice(0, 300)}\n` +
      `body (${sent.body.contentType}${sent.body.contentEncoding ? `, ${sent.body.contentEncoding}` : ''}): ${body}\n` +
      `answer: ${String(res.text).slice(0, 300)}`,
  );
}

async function check(route: RouteEntry, sent: Sent, role: 'visitor' | 'staff', trackDatabase = true) {
  const res = await send(route, sent);
  if (res.status >= 500) throw explain(sent, res, 'a 5xx answer');
  // Node's own parser refuses a request line or headers over 16 kB before the app sees it (nginx does too).
  if (res.status === 431 && !res.text) return;
  const type = String(res.headers['content-type'] ?? '');
  if (/html/i.test(type) && /<script/i.test(res.text)) throw explain(sent, res, 'HTML with <script echoed');
  const hasBody = res.text !== undefined && res.text !== '';
  // The one non-JSON answer: a list exported as a CSV download (the desk's export), only on success.
  const csvDownload =
    res.status < 300 &&
    type === 'text/csv; charset=utf-8' &&
    /^attachment;/.test(String(res.headers['content-disposition']));
  if (hasBody && !csvDownload && !/^application\/json; charset=utf-8$/.test(type))
    throw explain(sent, res, `not JSON: ${type}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') throw explain(sent, res, 'no nosniff');
  const error = (res.body as { error?: { message?: unknown } }).error;
  if (res.status >= 400 && (typeof error?.message !== 'string' || /must be|`/.test(error.message))) {
    throw explain(sent, res, 'a refusal without the JSON error shape and a Spanish message');
  }
  // A staff session never opens the members' portal, nor signs the provider's webhook: there a 401 is the right answer.
  if (
    role === 'staff' &&
    res.status === 401 &&
    route.path !== '/v1/user/login' &&
    !MEMBER_ROUTES.has(routeKey(route.method, route.path)) &&
    !SIGNED_ROUTES.has(routeKey(route.method, route.path))
  ) {
    throw explain(sent, res, 'the staff session was lost: the walk would prove nothing');
  }
  if (!trackDatabase) return;
  const now = await databaseFingerprint(t.db);
  if (res.status >= 400 && now !== fingerprint) {
    const before = new Set(fingerprint.split('|'));
    const changed = now
      .split('|')
      .filter((table) => !before.has(table))
      .map((table) => table.split(':')[0]);
    throw explain(sent, res, `a refused request changed the database: ${changed.join(', ')}`);
  }
  fingerprint = now;
}

/** The sweep does not track the database (the properties below do): they start from its state after it. */
async function fingerprintAgain() {
  fingerprint = await databaseFingerprint(t.db);
}

function requestArbitrary(route: RouteEntry, role: 'visitor' | 'staff') {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fc
    .record({
      params: fc.tuple(...names.map(() => hostilePathParam(productIds)), fc.constant('')),
      query: hostileQuery,
      body: hostileBody(templateFor(route)),
      cookie: role === 'staff' ? fc.constantFrom(staffCookie, `${staffCookie}; otra=<script>`) : hostileCookie,
    })
    .map(({ params, query, body, cookie }): Sent => {
      let i = 0;
      const path = route.path.replace(/:\w+/g, () => params[i++] as string);
      const qs = encodeQuery(query as [string, string | RawText][]);
      return { route: describeRoute(route), url: qs ? `${path}?${qs}` : path, body, cookie };
    });
}

const runOver = async (routes: RouteEntry[], role: 'visitor' | 'staff') => {
  expect(routes.length).toBeGreaterThanOrEqual(6);
  for (const route of routes) {
    const out = await fc.check(
      fc.asyncProperty(requestArbitrary(route, role), (sent) => check(route, sent, role)),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (out.failed) {
      const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      throw new Error(`${describeRoute(route)}: ${cause}\n(replay with FUZZ_SEED=${out.seed}; run ${out.numRuns})`);
    }
  }
};

const WRONG_TYPES: unknown[] = [
  new RawObject([['a', 1]]),
  new RawObject([['__proto__', new RawObject([['polluted', 'sí']])]]),
  [['x']],
  [],
  1e308,
  -1,
  0.5,
  null,
  true,
];
const RAW_PATH_PARAMS = ['%E0%A4%A', '%', '%FF', '%C0%AF', '%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e'];

/** Every known-bad string at once in every path parameter, every filter and every field of the body. */
async function sweep(routes: RouteEntry[], role: 'visitor' | 'staff') {
  const cookie = role === 'staff' ? staffCookie : undefined;
  for (const route of routes) {
    for (const bad of HOSTILE_STRINGS) {
      const template = templateFor(route);
      const body = new RawObject(Object.keys(template).map((k) => [k, bad]));
      const sent: Sent = {
        route: describeRoute(route),
        url: `${route.path.replace(/:\w+/g, encodeLoose(bad))}?${encodeQuery(QUERY_KEYS.map((k) => [k, bad]))}`,
        body: { contentType: 'application/json', text: toJson(body) },
        cookie,
      };
      await check(route, sent, role, false);
    }
    for (const wrong of WRONG_TYPES) {
      const text = toJson(new RawObject(Object.keys(templateFor(route)).map((k) => [k, wrong])));
      const url = route.path.replace(/:\w+/g, ZERO_UUID);
      await check(
        route,
        { route: describeRoute(route), url, body: { contentType: 'application/json', text }, cookie },
        role,
        false,
      );
    }
    if (!route.path.includes(':')) continue;
    for (const raw of RAW_PATH_PARAMS) {
      const url = route.path.replace(/:\w+/g, raw);
      const body = { contentType: 'application/json', text: toJson(templateFor(route)) };
      await check(route, { route: describeRoute(route), url, body, cookie }, role, false);
    }
  }
}

/**
 * Each sweep sends thousands of requests one after another (about a minute alone on 2 cores); the
 * limit only catches a hang, so it is generous for a machine shared with CI's other stages.
 */
const SWEEP_TIMEOUT = 900_000;

describe('hostile input on every route (ASVS 1.2, 1.5, 2.2; OWASP A05:2025 Injection)', () => {
  test(
    'every known-bad string in every place of every route, as a visitor and as staff',
    async () => {
      // A visitor's requests to staff routes stop at the session check (access-control.api.test.ts).
      const publicRoutes = [];
      for (const route of routesOf(t)) {
        const probe = await send(route, {
          route: '',
          url: route.path.replace(/:\w+/g, ZERO_UUID),
          body: { contentType: 'application/json', text: '{}' },
        });
        if (probe.status !== 401) publicRoutes.push(route);
      }
      await sweep(publicRoutes, 'visitor');
      await fingerprintAgain();
      await sweep(
        routesOf(t).filter((r) => r.path !== '/v1/user/logout'),
        'staff',
      );
      await fingerprintAgain();
    },
    SWEEP_TIMEOUT,
  );

  test(
    'as a visitor: never a 5xx, always JSON, a refused request changes nothing',
    async () => {
      await runOver(routesOf(t), 'visitor');
    },
    SWEEP_TIMEOUT,
  );

  test(
    'as signed-in staff: never a 5xx, always JSON, a refused request changes nothing',
    async () => {
      const routes = routesOf(t).filter((r) => r.path !== '/v1/user/logout');
      await runOver(routes, 'staff');
      await request(server).get('/v1/auth/me').set('Cookie', staffCookie).expect(200);
    },
    SWEEP_TIMEOUT,
  );

  test('a body that does not decompress as its Content-Encoding says is 400 with a Spanish message, and changes nothing', async () => {
    const before = await databaseFingerprint(t.db);
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await request(server)
        .post('/v1/user/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(JSON.stringify(TEST_ADMIN));
      expect({ encoding, status: res.status, body: res.body }).toEqual({
        encoding,
        status: 400,
        body: { error: { message: securityMessages.corruptBody } },
      });
    }
    expect(await databaseFingerprint(t.db)).toBe(before);
    // A body that is really gzip is read as usual (raw http: the bytes go out as they are).
    const zipped = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port: (server.address() as AddressInfo).port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/v1/user/login',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        },
        (res) => resolve(res.resume().statusCode ?? 0),
      );
      req.on('error', reject);
      req.end(gzipSync(JSON.stringify(TEST_ADMIN)));
    });
    expect(zipped).toBe(200);
  });

  test('no request polluted Object.prototype', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
