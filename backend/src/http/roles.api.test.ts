import request from 'supertest';
import { can, PERMISSIONS, ROLES, roleMessages, type Role } from '@gym/contracts/roles';
import { createTestApp, type TestApp } from '../test/test-app';
import { routeTable } from '../test/route-table';
import { signedInAs } from '../test/role-agents';
import { databaseFingerprint } from './__security__/fingerprint';
import { ZERO_UUID } from './__security__/routes';
import { MEMBER_ROUTES, ROUTE_PERMISSIONS, SIGNED_ROUTES, TOKEN_OR_STAFF_ROUTES } from '../api-routes';
import { FIELD_PERMISSIONS, routeKey } from './route-permissions';

let t: TestApp;
const agents = {} as Record<Role, Awaited<ReturnType<typeof signedInAs>>['agent']>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) agents[role] = (await signedInAs(t, role)).agent;
});
afterAll(() => t.close());

const pathOf = (path: string) => path.replace(/:\w+/g, ZERO_UUID);
const call = (agent: ReturnType<typeof request.agent> | ReturnType<typeof request>, method: string, path: string) =>
  (agent as ReturnType<typeof request.agent>)[method.toLowerCase() as 'post'](pathOf(path)).send({});

/** Staff routes are the ones a visitor gets 401 from: a new module's routes are found by themselves. */
async function staffRoutes() {
  const found = [];
  for (const route of routeTable(t.app)) {
    const res = await call(request(t.app), route.method, route.path);
    const key = routeKey(route.method, route.path);
    if (res.status === 401 && !MEMBER_ROUTES.has(key) && !SIGNED_ROUTES.has(key)) found.push(key);
  }
  return found;
}

describe('roles over every registered route', () => {
  test('every staff route has its action in the permission table, and the table names no route that is gone', async () => {
    const routes = await staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes.filter((key) => !(key in ROUTE_PERMISSIONS))).toEqual([]);
    const gone = Object.keys(ROUTE_PERMISSIONS).filter((key) => !routes.includes(key));
    expect(gone.filter((key) => !TOKEN_OR_STAFF_ROUTES.has(key))).toEqual([]);
    for (const action of Object.values(ROUTE_PERMISSIONS)) expect(PERMISSIONS[action]).toBeDefined();
  });

  test.each(ROLES)(
    'as %s: each route the table refuses answers 403 with the Spanish message and changes nothing; the rest pass the guard',
    async (role) => {
      const routes = await staffRoutes();
      for (const key of routes) {
        const [method, path] = key.split(' ') as [string, string];
        const before = await databaseFingerprint(t.db);
        const res = await call(agents[role], method, path);
        const allowed = can(role, ROUTE_PERMISSIONS[key]!);
        if (allowed) {
          expect({ key, status: res.status, body: res.body }).not.toEqual({
            key,
            status: 403,
            body: { error: { message: roleMessages.forbidden } },
          });
        } else {
          expect({ key, status: res.status, body: res.body }).toEqual({
            key,
            status: 403,
            body: { error: { message: roleMessages.forbidden } },
          });
          expect(await databaseFingerprint(t.db)).toBe(before);
        }
      }
    },
  );

  test.each([
    ['entrenador', 'GET', '/v1/obtenerlistadeusuarios', 200],
    ['entrenador', 'GET', '/v1/turnos', 200],
    ['entrenador', 'GET', '/v1/messages', 200],
    ['entrenador', 'POST', '/v1/agregarusuario', 403],
    ['entrenador', 'PUT', '/v1/turnos/:id', 403],
    ['entrenador', 'POST', '/v1/products', 403],
    ['entrenador', 'POST', '/v1/agregarplan', 403],
    ['recepcion', 'POST', '/v1/agregarusuario', 400],
    ['recepcion', 'GET', '/v1/users', 403],
    ['recepcion', 'GET', '/v1/audit', 403],
    ['recepcion', 'PUT', '/v1/users/:id/role', 403],
    ['dueno', 'GET', '/v1/users', 200],
    ['dueno', 'GET', '/v1/audit', 200],
    ['dueno', 'GET', '/v1/auth/me', 200],
  ] as const)('as %s, %s %s answers %i', async (role, method, path, status) => {
    await call(agents[role], method, path).expect(status);
  });

  test.each(ROLES)(
    'as %s: a field the table keeps from a role is not in the answer; the rest read it',
    async (role) => {
      // A demo client with every guarded field set, so "absent" cannot be "empty".
      await t.db('clients').where({ id_usuario: 'demo-001' }).update({ dni: '30123401' });
      for (const [key, fields] of Object.entries(FIELD_PERMISSIONS)) {
        const [method, path] = key.split(' ') as [string, string];
        const res = await call(agents[role], method, path.replace(':idUsuario', 'demo-001'));
        expect({ key, status: res.status }).toEqual({ key, status: 200 });
        for (const [field, action] of Object.entries(fields)) {
          const seen = (res.body as Record<string, unknown>)[field];
          if (can(role, action)) expect({ key, field, seen }).toEqual({ key, field, seen: '30123401' });
          else expect({ key, field, seen }).toEqual({ key, field, seen: undefined });
        }
      }
    },
  );

  test('GET /v1/auth/me carries the role', async () => {
    for (const role of ROLES) {
      const res = await agents[role].get('/v1/auth/me').expect(200);
      expect(res.body.user).toEqual(expect.objectContaining({ role }));
    }
  });
});
