import { existsSync, readFileSync } from 'node:fs';
import express, { Router } from 'express';
import request from 'supertest';
import { ROLES, roleMessages, type Role } from '@gym/contracts/roles';
import { API_ROUTES, ROUTE_PERMISSIONS } from './api-routes';
import { requireStaffSession } from './http/auth';
import { errorHandler } from './http/error-handler';
import { requestContext } from './http/request-context';
import { allow, declaredRoutes, member, open, routeProblems } from './http/route-access';
import type { AccountsService } from './modules/accounts/accounts.service';
import { API_DOCS_PATH, REGENERATE, ROLES_DOCS_PATH, renderApiDocs, renderRolesDocs } from './route-docs';

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

test('docs/api.md is what the routes declare', () => {
  const drift = read(API_DOCS_PATH) === renderApiDocs() ? '' : `docs/api.md is out of date: run ${REGENERATE}`;
  expect(drift).toBe('');
});

test("docs/roles.md's role matrices are what the routes and the role table say", () => {
  const written = read(ROLES_DOCS_PATH);
  const drift = written === renderRolesDocs(written) ? '' : `docs/roles.md is out of date: run ${REGENERATE}`;
  expect(drift).toBe('');
});

test('every route of the app declares who may call it, and a staff route the action it needs', () => {
  expect(API_ROUTES.length).toBeGreaterThanOrEqual(100);
  expect(routeProblems(API_ROUTES)).toEqual([]);
  expect(ROUTE_PERMISSIONS).toEqual(
    expect.objectContaining({ 'POST /v1/agregarplan': 'planes.editar', 'GET /v1/audit': 'auditoria.ver' }),
  );
  const docs = renderApiDocs();
  for (const { method, path } of API_ROUTES) expect(docs).toContain(`\`${method} ${path}`);
  expect(docs).not.toContain('**undeclared**');
});

describe('a staff route declared without a permission (a deliberate violation)', () => {
  const handler: express.RequestHandler = (_req, res) => {
    res.json({ ok: true });
  };
  const appAs = (role: Role) => {
    const accounts = {
      authenticate: async () => ({
        account: { _id: 'x', name: 'A', lastname: 'B', email: 'a@b.test', role },
        mustChangePassword: false,
      }),
    } as unknown as AccountsService;
    const staff = requireStaffSession(accounts, 'sid');
    const router = Router()
      .get('/sin-permiso', staff, handler)
      .get('/con-permiso', staff, allow('clientes.ver'), handler)
      .get('/sin-declarar', handler)
      .get('/sin-guardia', allow('clientes.ver'), handler)
      .get('/publica', open(), handler)
      .get('/socio', member(), handler);
    // One path, two methods: each method's handlers declare for themselves.
    router.route('/dos').get(staff, allow('clientes.ver'), handler).post(staff, handler);
    const app = express();
    app.use(requestContext);
    app.use('/v1', router);
    app.use(errorHandler({ error: () => undefined }));
    return app;
  };

  test('the walker reports it, with every other undeclared or unguarded route', () => {
    expect(routeProblems(declaredRoutes(appAs('dueno')))).toEqual([
      "GET /v1/sin-permiso: a staff route without allow('<acción>'): every role gets 403",
      "GET /v1/sin-declarar: declares no access: allow('<acción>'), open() or member()",
      "GET /v1/sin-guardia: allow('clientes.ver') without the staff guard checks nothing",
      "POST /v1/dos: a staff route without allow('<acción>'): every role gets 403",
    ]);
  });

  test.each(ROLES)('as %s it answers 403, while the declared one answers 200', async (role) => {
    const app = appAs(role);
    for (const refused of [
      await request(app).get('/v1/sin-permiso').set('Cookie', 'sid=abc'),
      await request(app).post('/v1/dos').set('Cookie', 'sid=abc'),
    ]) {
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: { error: { message: roleMessages.forbidden } },
      });
    }
    await request(app).get('/v1/con-permiso').set('Cookie', 'sid=abc').expect(200, { ok: true });
    await request(app).get('/v1/dos').set('Cookie', 'sid=abc').expect(200, { ok: true });
    await request(app).head('/v1/dos').set('Cookie', 'sid=abc').expect(200);
  });
});
