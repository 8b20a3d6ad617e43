import request from 'supertest';
import { httpMessages, loginMessages, registrationMessages as m, staffCodeMessages } from '@gym/contracts/messages';
import { createTestApp, manualClock, TEST_ADMIN, TEST_STAFF_CODE, type TestApp } from '../../test/test-app';

let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = () => `staff${++n}-${Date.now()}@gym.com`;
const newStaff = (over: Record<string, unknown> = {}) => ({
  name: 'Lucía',
  lastname: 'Fernández',
  email: uniqueEmail(),
  password: 'Fuerza2026',
  code: TEST_STAFF_CODE,
  ...over,
});
const accountCount = async () => Number((await t.db('accounts').count({ c: '*' }).first())?.c);
const sessionCookieOf = (res: request.Response) =>
  (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '';

describe('staff code', () => {
  test('when the right code is sent, then 200 "Codigo correcto"', async () => {
    const res = await request(t.app).post('/v1/staff-code/verify').send({ code: TEST_STAFF_CODE }).expect(200);
    expect(res.body).toEqual({ message: staffCodeMessages.right });
  });

  test.each([['otro-codigo'], [''], [123], [null]])(
    'when the code is %p, then 403 "Codigo incorrecto"',
    async (code) => {
      const res = await request(t.app)
        .post('/v1/staff-code/verify')
        .set('X-Forwarded-For', '10.0.0.9')
        .send({ code })
        .expect(403);
      expect(res.body).toEqual({ error: { message: 'Codigo incorrecto' } });
    },
  );

  test('when one address fails ten times, then the eleventh try is 429 even with the right code', async () => {
    const from = (code: string) =>
      request(t.app).post('/v1/staff-code/verify').set('X-Forwarded-For', '10.0.0.77').send({ code });
    for (let i = 0; i < 10; i++) await from('mal').expect(403);
    const res = await from(TEST_STAFF_CODE).expect(429);
    expect(res.body.error.message).toBe(staffCodeMessages.tooManyAttempts);
    expect(res.headers['retry-after']).toBe('900');
  });
});

describe('registration (POST /v1/users)', () => {
  test('when a staff member registers with the code, then 201 with the account and no password anywhere', async () => {
    const body = newStaff();
    const res = await request(t.app).post('/v1/users').send(body).expect(201);
    expect(res.body).toEqual({
      user: { _id: expect.any(String), name: 'Lucía', lastname: 'Fernández', email: body.email, role: 'recepcion' },
    });
    expect(JSON.stringify(res.body)).not.toContain(body.password);
    const row = await t.db('accounts').where({ email: body.email }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(body.password);
  });

  test('when the code is missing or wrong, then 403 and nothing is stored', async () => {
    const before = await accountCount();
    await request(t.app)
      .post('/v1/users')
      .send(newStaff({ code: undefined }))
      .expect(403);
    const res = await request(t.app)
      .post('/v1/users')
      .send(newStaff({ code: 'nope' }))
      .expect(403);
    expect(res.body.error.message).toBe('Codigo incorrecto');
    expect(await accountCount()).toBe(before);
  });

  test.each([
    ['an empty name', { name: '' }, 'name', m.required],
    ['no password', { password: undefined }, 'password', m.required],
    ['an invalid email, before an invalid name', { email: 'lucia@gym', name: 'L1' }, 'email', m.invalidEmail],
    ['a name with digits, before an invalid last name', { name: 'Lucía2', lastname: 'F3' }, 'name', m.invalidName],
    [
      'a last name with symbols, before a weak password',
      { lastname: 'Fer#', password: 'x' },
      'lastname',
      m.invalidLastname,
    ],
    ['a weak password', { password: 'fuerza2026' }, 'password', m.weakPassword],
    ['a name sent as a number', { name: 42 }, 'name', m.required],
  ])(
    'when registering with %s, then 400 with the first rule that fails and nothing is stored',
    async (_s, change, field, message) => {
      const before = await accountCount();
      const res = await request(t.app).post('/v1/users').send(newStaff(change)).expect(400);
      expect(res.body).toEqual({ error: { message, fields: { [field]: message } } });
      expect(await accountCount()).toBe(before);
    },
  );

  test('when the email is already registered (in any case), then 409 and nothing is stored', async () => {
    const body = newStaff();
    await request(t.app).post('/v1/users').send(body).expect(201);
    const before = await accountCount();
    const res = await request(t.app)
      .post('/v1/users')
      .send({ ...body, email: body.email.toUpperCase() })
      .expect(409);
    expect(res.body.error.message).toBe(m.emailTaken);
    expect(await accountCount()).toBe(before);
  });
});

describe('login, session and logout', () => {
  test('when the seeded staff member logs in, then 200 with an httpOnly SameSite=Lax session cookie', async () => {
    const res = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    expect(res.body.user).toEqual({
      _id: expect.any(String),
      name: 'Administrador',
      lastname: 'Principal',
      email: TEST_ADMIN.email,
      role: 'dueno',
    });
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/^sid=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  test('when a new staff member registers, then they can log in with the email in any case', async () => {
    const body = newStaff();
    await request(t.app).post('/v1/users').send(body).expect(201);
    await request(t.app)
      .post('/v1/user/login')
      .send({ email: ` ${body.email.toUpperCase()} `, password: body.password })
      .expect(200);
  });

  test('when the password is wrong or the email unknown, then the same 401 body', async () => {
    const wrong = await request(t.app)
      .post('/v1/user/login')
      .send({ ...TEST_ADMIN, password: 'Incorrecta1' })
      .expect(401);
    const unknown = await request(t.app)
      .post('/v1/user/login')
      .send({ email: 'nadie@gym.com', password: 'Incorrecta1' })
      .expect(401);
    expect(wrong.body).toEqual({ error: { message: 'Usuario o contraseña incorrectos' } });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  test('when email or password is missing, then 400', async () => {
    const res = await request(t.app).post('/v1/user/login').send({ email: TEST_ADMIN.email }).expect(400);
    expect(res.body.error.message).toBe(loginMessages.required);
  });

  test('when an email fails ten times from other addresses, then its right password from a clean address still signs in', async () => {
    const body = newStaff();
    await request(t.app).post('/v1/users').send(body).expect(201);
    for (let i = 0; i < 10; i++) {
      await request(t.app)
        .post('/v1/user/login')
        .set('X-Forwarded-For', `10.1.0.${i}`)
        .send({ email: body.email, password: 'Mala12345' })
        .expect(401);
    }
    const res = await request(t.app)
      .post('/v1/user/login')
      .send({ email: body.email, password: body.password })
      .expect(200);
    expect(res.body.user.email).toBe(body.email);
  });

  test('when signed in, then /v1/auth/me answers the account; after logout the old cookie is 401', async () => {
    const login = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    const cookie = sessionCookieOf(login).split(';')[0] as string;
    const me = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body.user.email).toBe(TEST_ADMIN.email);
    await request(t.app).post('/v1/user/logout').set('Cookie', cookie).expect(204);
    const after = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
    expect(after.body).toEqual({ error: { message: httpMessages.unauthorized } });
  });

  test('when a session is idle past its limit, then it is 401 with the expiry message', async () => {
    const agent = await t.staffAgent();
    await agent.get('/v1/auth/me').expect(200);
    clock.advanceMinutes(t.config.session.idleMinutes + 1);
    const res = await agent.get('/v1/auth/me').expect(401);
    expect(res.body.error.message).toBe(httpMessages.sessionExpired);
  });

  test('when a session is used steadily past its absolute limit, then it ends', async () => {
    const agent = await t.staffAgent();
    const steps = Math.ceil((t.config.session.maxHours * 60) / 60);
    for (let i = 0; i < steps; i++) {
      clock.advanceMinutes(60);
      if (i < steps - 1) await agent.get('/v1/auth/me').expect(200);
    }
    await agent.get('/v1/auth/me').expect(401);
  });

  test('only a hash of the session token is stored', async () => {
    const login = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    const token = sessionCookieOf(login).split(';')[0]!.split('=')[1];
    const rows = await t.db('sessions').select('token_hash');
    expect(rows.some((r: { token_hash: string }) => r.token_hash === token)).toBe(false);
    expect(rows.every((r: { token_hash: string }) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('staff list (GET /v1/users)', () => {
  test('when a visitor asks, then 401 JSON', async () => {
    const res = await request(t.app).get('/v1/users').expect(401);
    expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
  });

  test('when staff ask, then every account without password or hash', async () => {
    const agent = await t.staffAgent();
    const res = await agent.get('/v1/users').expect(200);
    expect(res.body.users.length).toBeGreaterThanOrEqual(1);
    for (const user of res.body.users) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'activo', 'email', 'lastLoginAt', 'lastname', 'name', 'role']);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });
});
