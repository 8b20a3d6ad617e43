import crypto from 'node:crypto';
import request from 'supertest';
import { loginMessages } from '@gym/contracts/messages';
import { loadConfig } from '../../config';
import { createTestApp, TEST_ADMIN } from '../../test/test-app';
import {
  createPasswordHasher,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  scryptAsync,
  type KeyDerivation,
} from './password';

/** Wraps the real scrypt to count derivations and the most that ever ran at once. */
function countingScrypt() {
  const stats = { calls: 0, running: 0, peak: 0 };
  const derive: KeyDerivation = async (password, salt, options) => {
    stats.calls += 1;
    stats.running += 1;
    stats.peak = Math.max(stats.peak, stats.running);
    try {
      return await scryptAsync(password, salt, options);
    } finally {
      stats.running -= 1;
    }
  };
  return { derive, stats };
}

const parse = (stored: string) => {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  return {
    scheme,
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt!, 'base64url'),
    key: Buffer.from(key!, 'base64url'),
  };
};

describe('password storage (ASVS 11.4)', () => {
  const production = createPasswordHasher(loadConfig({}).passwordHashLogN);

  test('by default a stored hash carries scrypt N = 2^17, r = 8, p = 1, a 16-byte salt and a 32-byte key', async () => {
    const stored = await production.hash('Fuerza2026');
    expect(parse(stored)).toEqual({
      scheme: 'scrypt',
      logN: 17,
      r: 8,
      p: 1,
      salt: expect.any(Buffer),
      key: expect.any(Buffer),
    });
    expect(parse(stored).salt.length).toBeGreaterThanOrEqual(16);
    expect(parse(stored).key.length).toBe(32);
    expect(stored).not.toContain('Fuerza2026');
    await expect(production.verify('Fuerza2026', stored)).resolves.toBe(true);
    await expect(production.verify('fuerza2026', stored)).resolves.toBe(false);
  }, 30_000);

  test('the same password hashed twice gives two different hashes (a fresh salt each time)', async () => {
    const hasher = createPasswordHasher(12);
    const [a, b] = await Promise.all([hasher.hash('Fuerza2026'), hasher.hash('Fuerza2026')]);
    expect(a).not.toBe(b);
    expect(parse(a).salt.equals(parse(b).salt)).toBe(false);
  });

  test('a hash keeps verifying with the parameters stored beside it after the cost is raised', async () => {
    const old = await createPasswordHasher(12).hash('Fuerza2026');
    await expect(createPasswordHasher(15).verify('Fuerza2026', old)).resolves.toBe(true);
  });

  test('keys are compared in constant time, and a damaged stored hash is a plain "no"', async () => {
    const hasher = createPasswordHasher(12);
    const stored = await hasher.hash('Fuerza2026');
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      await expect(hasher.verify('Otra12345', stored)).resolves.toBe(false);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    await expect(hasher.verify('Fuerza2026', stored.slice(0, -4))).resolves.toBe(false);
    await expect(hasher.verify('Fuerza2026', 'texto-plano')).resolves.toBe(false);
  });
});

describe('logins under load', () => {
  // As many as the hashing queue holds (more are refused at once: throttle.security.test.ts).
  const parallel = MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES;
  test(`${parallel} parallel logins at production cost all answer right, with at most ${MAX_CONCURRENT_HASHES} hashes at once`, async () => {
    const { derive, stats } = countingScrypt();
    const t = await createTestApp({ hasher: createPasswordHasher(17, { derive }) });
    try {
      stats.calls = 0;
      stats.peak = 0;
      const logins = Array.from({ length: parallel }, (_, i) =>
        request(t.app)
          .post('/v1/user/login')
          .set('X-Forwarded-For', `10.20.0.${i}`)
          .send(i % 2 === 0 ? TEST_ADMIN : { email: `nadie${i}@gym.com`, password: 'Incorrecta1' }),
      );
      const answers = await Promise.all(logins);
      answers.forEach((res, i) => {
        if (i % 2 === 0) expect(res.body.user?.email).toBe(TEST_ADMIN.email);
        else expect(res.body).toEqual({ error: { message: loginMessages.invalidCredentials } });
      });
      expect(answers.map((r) => r.status)).toEqual(
        Array.from({ length: parallel }, (_, i) => (i % 2 === 0 ? 200 : 401)),
      );
      expect(stats.calls).toBeGreaterThanOrEqual(parallel);
      expect(stats.peak).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
      expect(stats.peak).toBeGreaterThanOrEqual(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('no account enumeration at login (ASVS 6.3.8)', () => {
  test('an unknown e-mail and a wrong password get the same body, and both pay for one password hash', async () => {
    const { derive, stats } = countingScrypt();
    const t = await createTestApp({ hasher: createPasswordHasher(12, { derive }) });
    try {
      const login = (email: string, ip: string) =>
        request(t.app).post('/v1/user/login').set('X-Forwarded-For', ip).send({ email, password: 'Incorrecta1' });
      await login('calentamiento@gym.com', '10.30.0.1').expect(401);

      stats.calls = 0;
      const wrong = await login(TEST_ADMIN.email, '10.30.0.2').expect(401);
      const wrongCalls = stats.calls;
      stats.calls = 0;
      const unknown = await login('nadie.existe@gym.com', '10.30.0.3').expect(401);
      const unknownCalls = stats.calls;

      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body).toEqual({ error: { message: loginMessages.invalidCredentials } });
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
      expect(wrongCalls).toBe(1);
      expect(unknownCalls).toBe(wrongCalls);
    } finally {
      await t.close();
    }
  });
});
