import request from 'supertest';
import { httpMessages } from '@gym/contracts/messages';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { databaseFingerprint } from './fingerprint';
import { anyProductId, concretePath, cookieOf, describeRoute, routesOf, SAFE_METHODS } from './routes';

let t: TestApp;
let cookie: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = cookieOf((await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200)).headers['set-cookie']);
  productId = await anyProductId(t.db);
});
afterAll(() => t.close());

const validProduct = {
  nombre: 'Producto CSRF',
  categoria: ['accesorios'],
  precio: 2500,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Creado desde otro sitio',
  portada: false,
  talle: [],
  color: ['rojo'],
  stock: 4,
};

const FOREIGN = [
  { name: 'Origin of another site', headers: { Origin: 'https://malo.example' } },
  { name: 'Origin null (sandboxed frame)', headers: { Origin: 'null' } },
  { name: 'Origin on another port', headers: { Origin: 'http://127.0.0.1:1' } },
  { name: 'Sec-Fetch-Site cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
];

describe('CSRF: every state-changing route refuses a request from another site (ASVS 3.5.1)', () => {
  test('there are state-changing routes to walk', () => {
    const unsafe = routesOf(t).filter((r) => !SAFE_METHODS.has(r.method));
    expect(unsafe.map(describeRoute)).toEqual(
      expect.arrayContaining([
        'POST /v1/user/login',
        'POST /v1/products',
        'PUT /v1/product/:id',
        'DELETE /v1/product/:id',
      ]),
    );
  });

  test.each(FOREIGN)(
    'with $name, a signed-in staff member gets 403 on every one and nothing changes',
    async ({ headers }) => {
      const before = await databaseFingerprint(t.db);
      for (const route of routesOf(t).filter((r) => !SAFE_METHODS.has(r.method))) {
        const res = await request(t.app)
          [route.method.toLowerCase() as 'post'](concretePath(route, productId))
          .set('Host', 'gym.test')
          .set('Cookie', cookie)
          .set(headers)
          .send(
            route.path.includes('product') ? { ...validProduct, updatedAt: undefined } : { ...TEST_ADMIN, code: 'x' },
          );
        expect({ route: describeRoute(route), status: res.status, body: res.body }).toEqual({
          route: describeRoute(route),
          status: 403,
          body: { error: { message: httpMessages.forbiddenOrigin } },
        });
      }
      expect(await databaseFingerprint(t.db)).toBe(before);
      await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(200);
    },
  );

  test('the same site is served: Origin matching Host, or Sec-Fetch-Site same-origin', async () => {
    await request(t.app)
      .post('/v1/products')
      .set('Host', 'gym.test')
      .set('Origin', 'http://gym.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', cookie)
      .send(validProduct)
      .expect(201);
  });
});

describe('the whole origin is compared, and X-Forwarded-Host is never believed', () => {
  const logout = (app: TestApp['app'], headers: Record<string, string>) => {
    const req = request(app).post('/v1/user/logout');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req;
  };

  test('without PUBLIC_ORIGIN: another scheme, or a host named only by X-Forwarded-Host, is 403', async () => {
    const refused: Record<string, string>[] = [
      { Host: 'gym.test', Origin: 'https://gym.test' },
      { Host: 'gym.test', Origin: 'http://malo.example', 'X-Forwarded-Host': 'malo.example' },
      { Host: 'gym.test', Origin: 'http://gym.test:8080' },
    ];
    for (const headers of refused) {
      const res = await logout(t.app, headers);
      expect({ headers, status: res.status, body: res.body }).toEqual({
        headers,
        status: 403,
        body: { error: { message: httpMessages.forbiddenOrigin } },
      });
    }
    await logout(t.app, { Host: 'gym.test', Origin: 'http://gym.test' }).expect(204);
    // Behind the proxy, its X-Forwarded-Proto says the scheme the browser used.
    await logout(t.app, { Host: 'gym.test', Origin: 'https://gym.test', 'X-Forwarded-Proto': 'https' }).expect(204);
  });

  test('with PUBLIC_ORIGIN: only that exact origin passes, whatever Host says', async () => {
    const site = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://gym.example/' } });
    try {
      await logout(site.app, { Host: 'interno:8080', Origin: 'https://gym.example' }).expect(204);
      for (const origin of ['http://gym.example', 'https://gym.example:8443', 'https://otro.gym.example']) {
        const res = await logout(site.app, { Host: 'gym.example', Origin: origin, 'X-Forwarded-Host': 'gym.example' });
        expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
      }
    } finally {
      await site.close();
    }
  });
});
