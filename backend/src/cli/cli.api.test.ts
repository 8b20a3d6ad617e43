import request from 'supertest';
import { roleMessages } from '@gym/contracts/roles';
import { createTestApp, manualClock, TEST_ADMIN, type TestApp } from '../test/test-app';
import { createPasswordHasher } from '../modules/accounts/password';
import { signedInAs } from '../test/role-agents';
import { createLogger } from '../logger';
import { runJobCommand } from './job-commands';
import { CLI_USAGE, runStaffCommand } from './staff-commands';

let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(argv, {
    db: t.db,
    hasher: createPasswordHasher(12),
    clock,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

describe('node backend/dist/cli.js staff:…', () => {
  test('staff:reset-password prints a temporary password once, ends the sessions, and it must be changed at login', async () => {
    const agent = await t.staffAgent();
    const { code, out } = await run('staff:reset-password', TEST_ADMIN.email.toUpperCase());
    expect(code).toBe(0);
    const temporary = out[1]!;
    expect(out[0]).toContain('una sola vez');
    await agent.get('/v1/auth/me').expect(401);
    await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(401);
    const fresh = request.agent(t.app);
    const login = await fresh.post('/v1/user/login').send({ email: TEST_ADMIN.email, password: temporary }).expect(200);
    expect(login.body.mustChangePassword).toBe(true);
    await fresh.get('/v1/users').expect(403);
    await fresh
      .put('/v1/auth/password')
      .send({ currentPassword: temporary, newPassword: TEST_ADMIN.password, confirmPassword: TEST_ADMIN.password })
      .expect(200);
    await fresh.get('/v1/users').expect(200);
    const row = await t.db('audit_log').orderBy('id', 'desc').offset(1).first();
    expect(row).toEqual(
      expect.objectContaining({ action: 'restablecer_contrasena', request_id: 'cli:staff:reset-password' }),
    );
    expect(JSON.stringify(row)).not.toContain(temporary);
  });

  test('staff:disable ends the sessions and refuses the last active owner', async () => {
    const { agent, email } = await signedInAs(t, 'recepcion');
    expect(await run('staff:disable', email)).toEqual({
      code: 0,
      out: [expect.stringContaining('desactivada')],
      err: [],
    });
    await agent.get('/v1/auth/me').expect(401);
    const refused = await run('staff:disable', TEST_ADMIN.email);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([`${roleMessages.lastOwner} (${TEST_ADMIN.email})`]);
    expect((await t.db('accounts').where({ email: TEST_ADMIN.email }).first()).activo).toBe(true);
  });

  test('an unknown e-mail or command says so and changes nothing', async () => {
    expect((await run('staff:disable', 'nadie@gym.com')).err).toEqual([
      `${roleMessages.unknownAccount} (nadie@gym.com)`,
    ]);
    expect(await run('staff:borrar', 'x@gym.com')).toEqual({ code: 2, out: [], err: [CLI_USAGE] });
  });
});

describe('node backend/dist/cli.js jobs:run NAME', () => {
  const runJob = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const logger = createLogger({ level: 'silent', pretty: false });
    const mailer = { send: async () => undefined };
    const deps = {
      db: t.db,
      logger,
      clock,
      config: t.config,
      mailer,
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
    };
    return { code: await runJobCommand(argv, deps), out, err };
  };

  test('runs a job now, twice in a row if asked, and prints what it did', async () => {
    for (let i = 0; i < 2; i++) {
      const { code, out } = await runJob('jobs:run', 'conciliar-mercadopago');
      expect(code).toBe(0);
      expect(out).toEqual([
        'conciliar-mercadopago: {"revisados":0,"aplicados":0,"vencidos":0,"errores":0,"debitos":0,"cobros":0}',
      ]);
    }
    const row = await t.db('job_runs').where({ name: 'conciliar-mercadopago' }).first('runs', 'last_status');
    expect(row).toEqual({ runs: 2, last_status: 'ok' });
  });

  test('an unknown job prints the usage with every job name, and runs nothing', async () => {
    const { code, err } = await runJob('jobs:run', 'borrar-todo');
    expect(code).toBe(2);
    expect(err[0]).toContain('conciliar-mercadopago');
    expect(err[0]).toContain('recordatorios-de-vencimiento');
  });
});
