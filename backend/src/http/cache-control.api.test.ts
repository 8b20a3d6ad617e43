import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { routeTable } from '../test/route-table';

/** The public reads that set their own Cache-Control; every other /v1 answer must be no-store. */
const CACHEABLE = new Set(['GET /v1/products', 'GET /v1/product/:id', 'GET /v1/weather', 'GET /v1/site']);
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const privateRoutes = () =>
  routeTable(t.app).filter((r) => r.path.startsWith('/v1/') && !CACHEABLE.has(`${r.method} ${r.path}`));

describe('personal data is never cacheable', () => {
  test('every non-public /v1 route answers Cache-Control: no-store, to a visitor and to staff', async () => {
    const routes = privateRoutes();
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /v1/obtenerlistadeusuarios',
        'GET /v1/users',
        'GET /v1/messages',
        'GET /v1/auth/me',
      ]),
    );
    const staff = await t.staffAgent();
    // Logout last, so the staff agent keeps its session for the others.
    const ordered = [...routes].sort(
      (a, b) => Number(a.path === '/v1/user/logout') - Number(b.path === '/v1/user/logout'),
    );
    for (const who of ['visitor', 'staff'] as const) {
      for (const route of ordered) {
        const path = route.path.replace(/:\w+/g, ZERO_ID);
        const client = who === 'staff' ? staff : request(t.app);
        const res = await client[route.method.toLowerCase() as 'get'](path).send({});
        expect({ who, route: `${route.method} ${route.path}`, cache: res.headers['cache-control'] }).toEqual({
          who,
          route: `${route.method} ${route.path}`,
          cache: 'no-store',
        });
      }
    }
  });

  test('a successful login, the staff lists and an unknown /v1 path are no-store too', async () => {
    const login = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const staff = await t.staffAgent();
    for (const path of ['/v1/obtenerlistadeusuarios', '/v1/users', '/v1/auth/me', '/v1/turnos']) {
      const res = await staff.get(path);
      expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-store',
      });
    }
    expect((await request(t.app).get('/v1/no-existe').expect(404)).headers['cache-control']).toBe('no-store');
  });

  test('the public catalogue keeps its own revalidation', async () => {
    expect((await request(t.app).get('/v1/products?limit=1').expect(200)).headers['cache-control']).toBe('no-cache');
  });
});
