import request from 'supertest';
import { httpMessages } from '@gym/contracts/messages';
import { createTestApp, TEST_STAFF_CODE, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP behaviour every client sees', () => {
  test('an unknown /v1 path is 404 JSON', async () => {
    const res = await request(t.app).get('/v1/no-existe').expect(404).expect('Content-Type', /json/);
    expect(res.body).toEqual({ error: { message: httpMessages.notFound } });
  });

  test('malformed JSON is 400 JSON, without a stack trace', async () => {
    const res = await request(t.app)
      .post('/v1/user/login')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(res.body).toEqual({ error: { message: httpMessages.malformedJson } });
  });

  test('a body over 100 kB is 413 JSON', async () => {
    const res = await request(t.app)
      .post('/v1/user/login')
      .send({ email: 'a@b.co', password: 'x'.repeat(110_000) })
      .expect(413);
    expect(res.body).toEqual({ error: { message: httpMessages.payloadTooLarge } });
  });

  test('a JSON array as body is 400', async () => {
    await request(t.app).post('/v1/staff-code/verify').send([TEST_STAFF_CODE]).expect(400);
  });

  test('security headers are set and X-Powered-By is not', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('every answer carries a request id, and a sane incoming one is kept', async () => {
    expect((await request(t.app).get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request(t.app).get('/healthz').set('X-Request-Id', 'abc-123')).headers['x-request-id']).toBe(
      'abc-123',
    );
  });

  test('a state-changing request from another site is 403 (CSRF), the same site is served', async () => {
    const foreign = await request(t.app)
      .post('/v1/staff-code/verify')
      .set('Origin', 'https://malo.example')
      .send({ code: TEST_STAFF_CODE })
      .expect(403);
    expect(foreign.body).toEqual({ error: { message: httpMessages.forbiddenOrigin } });
    await request(t.app)
      .post('/v1/staff-code/verify')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ code: TEST_STAFF_CODE })
      .expect(403);
    await request(t.app)
      .post('/v1/staff-code/verify')
      .set('Host', 'gym.test:8080')
      .set('Origin', 'http://gym.test:8080')
      .send({ code: TEST_STAFF_CODE })
      .expect(200);
  });
});
