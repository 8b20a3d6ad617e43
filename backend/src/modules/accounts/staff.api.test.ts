import request from 'supertest';
import { loginMessages, registrationMessages } from '@gym/contracts/messages';
import { roleMessages } from '@gym/contracts/roles';
import { createPasswordHasher, type PasswordHasher } from './password';
import { createTestApp, TEST_ADMIN, TEST_STAFF_CODE, type TestApp } from '../../test/test-app';
import { signedInAs, STAFF_PASSWORD } from '../../test/role-agents';

/** Counts password checks, so a refusal is seen to pay for a hash whatever it refuses. */
const realHasher = createPasswordHasher(12);
let verifications = 0;
const hasher: PasswordHasher = {
  ...realHasher,
  verify: (...args) => {
    verifications += 1;
    return realHasher.verify(...args);
  },
};

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp({ hasher });
  owner = await t.staffAgent();
  ownerId = (await owner.get('/v1/auth/me').expect(200)).body.user._id;
});
afterAll(() => t.close());

const sessionsOf = async (id: string) =>
  Number((await t.db('sessions').where({ account_id: id }).count({ c: '*' }).first())?.c);
const login = (email: string, password = STAFF_PASSWORD) =>
  request(t.app).post('/v1/user/login').send({ email, password });

describe('the staff list (GET /v1/users) for the owner', () => {
  test('each row carries role, state and last login', async () => {
    const { email } = await signedInAs(t, 'entrenador');
    const { users } = (await owner.get('/v1/users').expect(200)).body;
    expect(users.find((u: { email: string }) => u.email === email)).toEqual({
      _id: expect.any(String),
      name: 'Prueba',
      lastname: 'Rol',
      email,
      role: 'entrenador',
      activo: true,
      lastLoginAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(users.find((u: { email: string }) => u.email === TEST_ADMIN.email).role).toBe('dueno');
  });

  test('an account registered with the staff code gets STAFF_DEFAULT_ROLE (recepcion unless set)', async () => {
    const other = await createTestApp({ env: { STAFF_DEFAULT_ROLE: 'entrenador' } });
    try {
      const body = {
        name: 'Ana',
        lastname: 'Paz',
        email: 'ana@gym.com',
        password: STAFF_PASSWORD,
        code: TEST_STAFF_CODE,
      };
      const res = await request(other.app).post('/v1/users').send(body).expect(201);
      expect(res.body.user.role).toBe('entrenador');
      // The role is the account's, not just the answer's: stored, and what its own session says.
      expect((await other.db('accounts').where({ id: res.body.user._id }).first()).role).toBe('entrenador');
      const agent = request.agent(other.app);
      await agent.post('/v1/user/login').send({ email: body.email, password: body.password }).expect(200);
      expect((await agent.get('/v1/auth/me').expect(200)).body.user.role).toBe('entrenador');
    } finally {
      await other.close();
    }
  });
});

describe('changing roles, disabling and enabling', () => {
  test('a new role applies at the next request of that account', async () => {
    const { agent, id } = await signedInAs(t, 'recepcion');
    await agent.post('/v1/agregarusuario').send({}).expect(400);
    const res = await owner.put(`/v1/users/${id}/role`).send({ role: 'entrenador' }).expect(200);
    expect(res.body.user).toEqual(expect.objectContaining({ _id: id, role: 'entrenador', activo: true }));
    const refused = await agent.post('/v1/agregarusuario').send({}).expect(403);
    expect(refused.body.error.message).toBe(roleMessages.forbidden);
  });

  test('an unknown role is 400 and nothing changes', async () => {
    const { id } = await signedInAs(t, 'recepcion');
    const res = await owner.put(`/v1/users/${id}/role`).send({ role: 'admin' }).expect(400);
    expect(res.body.error).toEqual({ message: roleMessages.unknownRole, fields: { role: roleMessages.unknownRole } });
    expect((await t.db('accounts').where({ id }).first()).role).toBe('recepcion');
  });

  test('disabling ends every session of the account at once and refuses its next login; enabling lets it back', async () => {
    const { agent, id, email } = await signedInAs(t, 'recepcion');
    await login(email).expect(200);
    expect(await sessionsOf(id)).toBe(2);
    const res = await owner.post(`/v1/users/${id}/disable`).expect(200);
    expect(res.body.user.activo).toBe(false);
    expect(await sessionsOf(id)).toBe(0);
    await agent.get('/v1/auth/me').expect(401);
    const refused = await login(email).expect(401);
    expect(refused.body.error.message).toBe(loginMessages.invalidCredentials);
    expect(refused.headers['set-cookie']).toBeUndefined();
    await owner.post(`/v1/users/${id}/enable`).expect(200);
    await login(email).expect(200);
  });

  test('a disabled account gets the same answer, after the same hash, whether its password is right or wrong', async () => {
    const { id, email } = await signedInAs(t, 'recepcion');
    await owner.post(`/v1/users/${id}/disable`).expect(200);
    const hashesBefore = verifications;
    const right = await login(email);
    const wrong = await login(email, 'Incorrecta1');
    expect(verifications - hashesBefore).toBe(2);
    expect({ status: right.status, body: right.body }).toEqual({ status: wrong.status, body: wrong.body });
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ error: { message: loginMessages.invalidCredentials } });
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(id)).toBe(0);
  });

  test('an unknown account is 404', async () => {
    const res = await owner.post('/v1/users/00000000-0000-4000-8000-000000000000/disable').expect(404);
    expect(res.body.error.message).toBe(roleMessages.unknownAccount);
    await owner.post('/v1/users/no-es-un-id/enable').expect(404);
  });
});

describe('the last active owner', () => {
  test('cannot be disabled nor demoted (409), by themself or anyone; with a second owner both work', async () => {
    const disable = await owner.post(`/v1/users/${ownerId}/disable`).expect(409);
    expect(disable.body.error.message).toBe(roleMessages.lastOwner);
    const demote = await owner.put(`/v1/users/${ownerId}/role`).send({ role: 'recepcion' }).expect(409);
    expect(demote.body.error.message).toBe(roleMessages.lastOwner);
    expect(await t.db('accounts').where({ id: ownerId }).first()).toEqual(
      expect.objectContaining({ role: 'dueno', activo: true }),
    );

    const second = await signedInAs(t, 'dueno');
    await second.agent.post(`/v1/users/${ownerId}/disable`).expect(200);
    const last = await second.agent.put(`/v1/users/${second.id}/role`).send({ role: 'entrenador' }).expect(409);
    expect(last.body.error.message).toBe(roleMessages.lastOwner);
    await second.agent.post(`/v1/users/${ownerId}/enable`).expect(200);
    owner = await t.staffAgent();
  });

  test('two owners demoting each other at the same moment leave one owner', async () => {
    const a = await signedInAs(t, 'dueno');
    const b = await signedInAs(t, 'dueno');
    await t.db('accounts').where({ id: ownerId }).update({ role: 'recepcion' });
    try {
      const answers = await Promise.all([
        a.agent.put(`/v1/users/${b.id}/role`).send({ role: 'recepcion' }),
        b.agent.put(`/v1/users/${a.id}/role`).send({ role: 'recepcion' }),
      ]);
      const owners = await t.db('accounts').where({ role: 'dueno', activo: true });
      expect(owners.length).toBeGreaterThanOrEqual(1);
      expect(answers.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    } finally {
      await t.db('accounts').where({ id: ownerId }).update({ role: 'dueno' });
      owner = await t.staffAgent();
    }
  });
});

describe('reset password', () => {
  test('shows a temporary password once, ends the sessions, and the account must change it before anything else', async () => {
    const { agent, id, email } = await signedInAs(t, 'recepcion');
    const res = await owner.post(`/v1/users/${id}/reset-password`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const temporary = res.body.temporaryPassword as string;
    expect(temporary).toMatch(/^\S{12,16}$/);
    expect(JSON.stringify(await t.db('accounts').where({ id }).first())).not.toContain(temporary);
    await agent.get('/v1/auth/me').expect(401);
    await login(email).expect(401);

    const fresh = request.agent(t.app);
    const signedIn = await fresh.post('/v1/user/login').send({ email, password: temporary }).expect(200);
    expect(signedIn.body.mustChangePassword).toBe(true);
    expect((await fresh.get('/v1/auth/me').expect(200)).body.mustChangePassword).toBe(true);
    const blocked = await fresh.get('/v1/obtenerlistadeusuarios').expect(403);
    expect(blocked.body.error.message).toBe(roleMessages.mustChangePassword);
    await fresh
      .put('/v1/auth/password')
      .send({ currentPassword: temporary, newPassword: 'Propia2026', confirmPassword: 'Propia2026' })
      .expect(200);
    await fresh.get('/v1/obtenerlistadeusuarios').expect(200);
    expect((await fresh.get('/v1/auth/me').expect(200)).body.mustChangePassword).toBeUndefined();
  });
});

describe('own password and sessions', () => {
  test('changing the password needs the current one and ends every other session, keeping this one', async () => {
    const { agent, id, email } = await signedInAs(t, 'entrenador');
    const other = request.agent(t.app);
    await other.post('/v1/user/login').send({ email, password: STAFF_PASSWORD }).expect(200);
    const wrong = await agent
      .put('/v1/auth/password')
      .send({ currentPassword: 'Otra12345', newPassword: 'Nueva2026', confirmPassword: 'Nueva2026' })
      .expect(400);
    expect(wrong.body.error).toEqual({
      message: roleMessages.wrongCurrentPassword,
      fields: { currentPassword: roleMessages.wrongCurrentPassword },
    });
    const weak = await agent.put('/v1/auth/password').send({ currentPassword: STAFF_PASSWORD, newPassword: 'corta' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe(registrationMessages.weakPassword);
    const ok = await agent
      .put('/v1/auth/password')
      .send({ currentPassword: STAFF_PASSWORD, newPassword: 'Nueva2026', confirmPassword: 'Nueva2026' })
      .expect(200);
    expect(ok.body.message).toBe(roleMessages.passwordChanged);
    await agent.get('/v1/auth/me').expect(200);
    await other.get('/v1/auth/me').expect(401);
    expect(await sessionsOf(id)).toBe(1);
    await login(email).expect(401);
    await login(email, 'Nueva2026').expect(200);
  });

  test('lists its own sessions only (never a token) and ends one of them', async () => {
    const { agent, email } = await signedInAs(t, 'recepcion');
    const other = request.agent(t.app);
    await other
      .post('/v1/user/login')
      .set('User-Agent', 'Telefono de prueba')
      .send({ email, password: STAFF_PASSWORD });
    const { sessions } = (await agent.get('/v1/auth/sessions').expect(200)).body;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phone = sessions.find((s: { userAgent: string }) => s.userAgent === 'Telefono de prueba');
    expect(Object.keys(phone).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent']);
    await owner.delete(`/v1/auth/sessions/${phone.id}`).expect(404);
    await other.get('/v1/auth/me').expect(200);
    await agent.delete(`/v1/auth/sessions/${phone.id}`).expect(204);
    await other.get('/v1/auth/me').expect(401);
  });
});

describe('login events', () => {
  test('success, failure and lockout are recorded and shown to the account, newest first', async () => {
    const { agent, email } = await signedInAs(t, 'recepcion');
    const first = (await agent.get('/v1/auth/login-events').expect(200)).body.events;
    expect(first).toEqual([{ at: expect.any(String), outcome: 'exito', ip: expect.any(String) }]);
    const from = (ip: string, password: string) =>
      request(t.app).post('/v1/user/login').set('X-Forwarded-For', ip).send({ email, password });
    // The throttle blocks an (e-mail, address) pair after 10 failures, never a clean address.
    for (let i = 0; i < 10; i++) await from('10.9.1.1', 'Mala12345').expect(401);
    await from('10.9.1.1', STAFF_PASSWORD).expect(429);
    const { events } = (await agent.get('/v1/auth/login-events').expect(200)).body;
    expect(events[0]).toEqual({ at: expect.any(String), outcome: 'bloqueo', ip: '10.9.1.1' });
    expect(events[1]).toEqual({ at: expect.any(String), outcome: 'fallo', ip: '10.9.1.1' });
    expect(events).toHaveLength(10);
  });
});
