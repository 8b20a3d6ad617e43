import request from 'supertest';
import { httpMessages } from '@gym/contracts/messages';
import { createTestApp, manualClock, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { hashToken } from '../../shared/tokens';

const setCookieOf = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const attributesOf = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0]!.toLowerCase())
    .sort();
const pairOf = (cookie: string) => cookie.split(';')[0]!;
const tokenOf = (cookie: string) => pairOf(cookie).split('=')[1]!;

describe('session cookie over HTTPS (COOKIE_SECURE=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(() => t.close());

  test('login sets __Host-sid with HttpOnly, Secure, SameSite=Lax, Path=/ and no Domain', async () => {
    const res = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    const [cookie] = setCookieOf(res);
    expect(cookie).toMatch(/^__Host-sid=[\w-]{43}; /);
    expect(cookie).toContain('; Path=/');
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('; SameSite=Lax');
    expect(attributesOf(cookie!)).toEqual(['expires', 'httponly', 'path', 'samesite', 'secure']);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  test('the session is read from __Host-sid only', async () => {
    const res = await request(t.app).post('/v1/user/login').send(TEST_ADMIN).expect(200);
    const token = tokenOf(setCookieOf(res)[0]!);
    await request(t.app).get('/v1/auth/me').set('Cookie', `__Host-sid=${token}`).expect(200);
    await request(t.app).get('/v1/auth/me').set('Cookie', `sid=${token}`).expect(401);
  });
});

describe('session tokens and their life', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  const login = (cookie?: string) => {
    const req = request(t.app).post('/v1/user/login');
    if (cookie) req.set('Cookie', cookie);
    return req.send(TEST_ADMIN).expect(200);
  };

  test('over HTTP the cookie is sid, HttpOnly, SameSite=Lax, not Secure, and expires with the absolute limit', async () => {
    const res = await login();
    const [cookie] = setCookieOf(res);
    expect(attributesOf(cookie!)).toEqual(['expires', 'httponly', 'path', 'samesite']);
    expect(cookie).toContain('; SameSite=Lax');
    const expires = new Date(/Expires=([^;]+)/.exec(cookie!)![1]!).getTime();
    const expected = clock.now().getTime() + t.config.session.maxHours * 3_600_000;
    expect(Math.abs(expires - expected)).toBeLessThan(2000);
  });

  test('each login gets a new random token of 256 bits; 20 logins, 20 distinct tokens', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(tokenOf(setCookieOf(await login())[0]!));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBe(32);
  });

  test('logging in while carrying a session (or a planted token) issues a fresh one; the planted one never works', async () => {
    const first = pairOf(setCookieOf(await login())[0]!);
    const second = pairOf(setCookieOf(await login(first))[0]!);
    expect(second).not.toBe(first);

    const planted = 'sid=' + 'A'.repeat(43);
    const afterPlant = pairOf(setCookieOf(await login(planted))[0]!);
    expect(afterPlant).not.toBe(planted);
    await request(t.app).get('/v1/auth/me').set('Cookie', planted).expect(401);
    await request(t.app).get('/v1/auth/me').set('Cookie', afterPlant).expect(200);
  });

  test('logout ends the session on the server: the row is gone, the cookie is cleared, the old cookie is 401', async () => {
    const cookie = pairOf(setCookieOf(await login())[0]!);
    await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(200);
    const out = await request(t.app).post('/v1/user/logout').set('Cookie', cookie).expect(204);
    expect(setCookieOf(out)[0]).toMatch(/^sid=; .*Expires=Thu, 01 Jan 1970/);
    expect(
      await t
        .db('sessions')
        .where({ token_hash: hashToken(tokenOf(cookie)) })
        .first(),
    ).toBeUndefined();
    const after = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
    expect(after.body).toEqual({ error: { message: httpMessages.unauthorized } });
  });

  test('a session idle past SESSION_IDLE_MINUTES is 401 "sesión expiró", and stays ended', async () => {
    const cookie = pairOf(setCookieOf(await login())[0]!);
    clock.advanceMinutes(t.config.session.idleMinutes - 1);
    await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(200);
    clock.advanceMinutes(t.config.session.idleMinutes + 1);
    const res = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
    expect(res.body).toEqual({ error: { message: httpMessages.sessionExpired } });
    clock.advanceMinutes(-(t.config.session.idleMinutes + 1));
    await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
  });

  test('a session in steady use ends at SESSION_MAX_HOURS', async () => {
    const cookie = pairOf(setCookieOf(await login())[0]!);
    const stepMinutes = Math.floor(t.config.session.idleMinutes / 2);
    let elapsed = 0;
    while (elapsed + stepMinutes < t.config.session.maxHours * 60) {
      clock.advanceMinutes(stepMinutes);
      elapsed += stepMinutes;
      await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(200);
    }
    clock.advanceMinutes(t.config.session.maxHours * 60 - elapsed);
    const res = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
    expect(res.body).toEqual({ error: { message: httpMessages.sessionExpired } });
  });

  test('a forged, oversized or malformed cookie is a plain 401', async () => {
    for (const cookie of ['sid=x', `sid=${'A'.repeat(5000)}`, 'sid=%E0%A4%A', 'sid=j:{"a":1}', 'sid=; sid=abc']) {
      const res = await request(t.app).get('/v1/auth/me').set('Cookie', cookie).expect(401);
      expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
    }
  });
});
