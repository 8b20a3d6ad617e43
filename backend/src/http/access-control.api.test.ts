import request from 'supertest';
import { httpMessages } from '@gym/contracts/messages';
import { memberMessages } from '@gym/contracts/members';
import { createTestApp, type TestApp } from '../test/test-app';
import { routeTable } from '../test/route-table';
import { databaseFingerprint } from './__security__/fingerprint';
import { MEMBER_ROUTES } from '../api-routes';

/** The only routes a visitor may use. Anything registered and not listed here must answer 401. */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'POST /v1/staff-code/verify',
  'POST /v1/users',
  'POST /v1/user/login',
  'POST /v1/user/logout',
  'GET /v1/products',
  'GET /v1/product/:id',
  'GET /v1/weather',
  'GET /v1/site',
  'GET /v1/images/:id',
  // The class pages' timetable.
  'GET /v1/clases/horario',
  // Buying is public (throttled per address); the buyer reads an order with its secret token (404 without it).
  'POST /v1/orders',
  'GET /v1/orders/:numero',
  // The members' portal: asking for a link (throttled, the same answer for anyone) and opening one.
  'POST /v1/socio/ingresar',
  'POST /v1/socio/enlace',
  // Mercado Pago: its signed webhook, and the buyer's payment of an order with the order's token.
  'POST /v1/pagos/mercadopago/webhook',
  // WhatsApp: Meta's verification handshake and its signed webhook.
  'GET /v1/whatsapp/webhook',
  'POST /v1/whatsapp/webhook',
  'POST /v1/pagos/mercadopago/pedidos/:numero',
  'POST /v1/pagos/mercadopago/pedidos/:numero/estado',
  // Disposición 954/2025: the Botón de baja and the Botón de arrepentimiento need no sign-in (throttled per address).
  'POST /v1/consumo/baja',
  'POST /v1/consumo/arrepentimiento',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('access control over every registered route', () => {
  test('the route table is read (a walker that finds nothing would prove nothing)', () => {
    const routes = routeTable(t.app).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /v1/users',
        'POST /v1/products',
        'DELETE /v1/product/:id',
        'GET /v1/products',
        'POST /v1/agregarusuario',
        'POST /v1/borrarPlan',
        'PUT /v1/turnos/:idUsuario',
        'POST /v1/messages',
        'GET /v1/orders',
        'POST /v1/orders/:numero/estado',
      ]),
    );
  });

  test.each([
    ['no cookie', undefined],
    ['a forged session cookie', 'sid=' + 'A'.repeat(43)],
    ['a malformed session cookie', 'sid=%E0%A4%A; sid=x'],
  ])('every staff route answers 401 JSON to a visitor with %s, and changes nothing', async (_name, cookie) => {
    const staffRoutes = routeTable(t.app).filter(
      (r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`) && !MEMBER_ROUTES.has(`${r.method} ${r.path}`),
    );
    expect(staffRoutes.length).toBeGreaterThanOrEqual(20);
    const before = await databaseFingerprint(t.db);
    for (const route of staffRoutes) {
      const path = route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const req = request(t.app)[route.method.toLowerCase() as 'get'](path);
      if (cookie) req.set('Cookie', cookie);
      const res = await req.send({});
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        body: { error: { message: httpMessages.unauthorized } },
      });
    }
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  test.each([
    ['no cookie', undefined],
    ['a forged member cookie', 'msid=bm90LWEtc2Vzc2lvbg'],
    ['a staff session cookie in the member cookie', 'sid=x; msid=x'],
  ])("every member route answers 401 with the portal's message to %s, and changes nothing", async (_name, cookie) => {
    const memberRoutes = routeTable(t.app).filter((r) => MEMBER_ROUTES.has(`${r.method} ${r.path}`));
    expect(memberRoutes).toHaveLength(MEMBER_ROUTES.size);
    const before = await databaseFingerprint(t.db);
    for (const route of memberRoutes) {
      const req = request(t.app)[route.method.toLowerCase() as 'get'](route.path);
      if (cookie) req.set('Cookie', cookie);
      const res = await req.send({});
      expect({ route: route.path, status: res.status, body: res.body }).toEqual({
        route: route.path,
        status: 401,
        body: { error: { message: memberMessages.sessionRequired } },
      });
    }
    expect(await databaseFingerprint(t.db)).toBe(before);
  });
});
