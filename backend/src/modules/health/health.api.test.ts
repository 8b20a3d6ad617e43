import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  test('when the process is up, then /healthz answers 200', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  test('when the database answers, then /readyz answers 200', async () => {
    const res = await request(t.app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ready' });
  });
});
