import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createPasswordHasher } from '../modules/accounts/password';
import { errorHandler } from './error-handler';
import { redactUrl, requestLog } from './request-log';
import { createTestDatabase } from '../test/test-database';

const STAFF_CODE = 'logs-code1';
const PASSWORD = 'Secreta2026';

/** The app on a fresh database, logging at `level` into `lines`. */
async function appLoggingTo(lines: string[], level: 'info' | 'debug') {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { db, drop } = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', STAFF_CODE, PASSWORD_HASH_LOG_N: '12', STATIC_DIR: '/nonexistent' });
  const hasher = createPasswordHasher(12);
  await prepareDatabase(db, config, hasher);
  const app = createApp({ db, config, hasher, logger: createLogger({ level, pretty: false }, sink) });
  return { app, db, drop };
}

test('when staff register and log in, the log holds the requests but no password, code or cookie', async () => {
  const lines: string[] = [];
  const { app, drop } = await appLoggingTo(lines, 'info');
  try {
    const email = 'registro.logs@gym.com';
    await request(app)
      .post('/v1/users')
      .send({ name: 'Ana', lastname: 'Paz', email, password: PASSWORD, code: STAFF_CODE })
      .expect(201);
    const login = await request(app).post('/v1/user/login').send({ email, password: PASSWORD }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    await request(app).get('/v1/auth/me').set('Cookie', cookie).set('Authorization', 'Bearer abc.def').expect(200);

    const log = lines.join('');
    expect(log).toContain('/v1/user/login');
    expect(log).toContain('"statusCode":200');
    for (const secret of [PASSWORD, STAFF_CODE, cookie.split('=')[1]!, 'abc.def']) expect(log).not.toContain(secret);
  } finally {
    await drop();
  }
});

test('the logger itself hides passwords, codes, cookies, tokens and authorization headers wherever a line carries them', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'info', pretty: false }, sink);
  logger.info(
    {
      req: { headers: { cookie: 'sid=SECRETO-1', authorization: 'Bearer SECRETO-2', 'user-agent': 'jest' } },
      res: { headers: { 'set-cookie': ['sid=SECRETO-3; HttpOnly'] } },
      body: { email: 'ana@gym.com', password: 'SECRETO-4', code: 'SECRETO-5' },
      account: { passwordHash: 'SECRETO-6', password_hash: 'SECRETO-7' },
      session: { token: 'SECRETO-8' },
      err: { message: 'canceling statement due to statement timeout', code: '57014' },
    },
    'a line that carries everything',
  );
  const log = lines.join('');
  expect(log).not.toMatch(/SECRETO/);
  expect(log).toContain('[oculto]');
  expect(log).toContain('ana@gym.com');
  expect(log).toContain('jest');
  expect(log).toContain('"code":"57014"');
});

test('a flood of refused reads is one full line and then one count per window, not a line each', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = express();
  app.use(
    requestLog(createLogger({ level: 'info', pretty: false }, sink), {
      readLevel: 'info',
      slowMs: 500,
      // Wide enough that 31 requests fit in one window on a busy machine; the count is awaited below.
      refusedWindowMs: 3000,
    }),
  );
  app.get('/busy', (_req, res) => res.status(429).json({ error: { message: 'ocupado' } }));
  app.post('/busy', (_req, res) => res.status(429).json({ error: { message: 'ocupado' } }));
  for (let i = 0; i < 30; i += 1) await request(app).get('/busy').expect(429);
  await request(app).post('/busy').expect(429);
  const logged = () =>
    lines.map((line) => JSON.parse(line) as { msg: string; refused?: number; req?: { method: string } });
  expect(
    logged()
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req?.method),
  ).toEqual(['GET', 'POST']);
  const counted = () => logged().filter((line) => line.msg === 'more reads refused (429)');
  for (let waited = 0; counted().length === 0 && waited < 6000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(counted()).toMatchObject([{ refused: 29 }]);
});

test('a checkout and the buyer’s order view leave no order token in the log, only the path and "t=[redacted]"', async () => {
  const lines: string[] = [];
  const { app, db, drop } = await appLoggingTo(lines, 'debug');
  try {
    const variant = await db('product_variants').where('stock', '>', 0).orderBy('id').first();
    const lineas = [{ producto: variant.product_id, talle: variant.talle, color: variant.color, cantidad: 1 }];
    const comprador = { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz.logs@correo.com', celular: '3815550000' };
    const placed = await request(app).post('/v1/orders').send({ comprador, pago: 'efectivo', lineas }).expect(201);
    const { numero, token } = placed.body.order as { numero: string; token: string };
    await request(app).get(`/v1/orders/${numero}?t=${token}`).expect(200);
    await request(app).get(`/v1/orders/${numero}?token=${token}&x=1`).expect(404);
    // Array-style and escaped names are the same key to a query parser: redacted by the parsed name.
    await request(app).get(`/v1/orders/${numero}?t[]=${token}`);
    await request(app).get(`/v1/orders/${numero}?t%5B%5D=${token}&page=2`);
    await request(app).get(`/v1/orders/${numero}?T[0]=${token}`);
    await request(app).get(`/v1/orders/${numero}?%74=${token}`);

    const log = lines.join('');
    expect(token.length).toBeGreaterThan(20);
    expect(log).not.toContain(token);
    expect(log).toContain(`"url":"/v1/orders/${numero}?t=[redacted]"`);
    expect(log).toContain(`"url":"/v1/orders/${numero}?token=[redacted]&x=1"`);
    expect(log).toContain(`"url":"/v1/orders/${numero}?t[]=[redacted]"`);
    expect(log).toContain(`"url":"/v1/orders/${numero}?t%5B%5D=[redacted]&page=2"`);
    expect(log).toContain(`"url":"/v1/orders/${numero}?T[0]=[redacted]"`);
    expect(log).toContain(`"url":"/v1/orders/${numero}?%74=[redacted]"`);
  } finally {
    await drop();
  }
});

test('redactUrl replaces the value of every secret parameter and keeps the rest as sent', () => {
  expect(redactUrl('/v1/products?categoria=all&page=2')).toBe('/v1/products?categoria=all&page=2');
  expect(redactUrl('/pedido/G-000001?T=abc&Code=1&contrase%C3%B1a=x&key=k&q=t')).toBe(
    '/pedido/G-000001?T=[redacted]&Code=[redacted]&contrase%C3%B1a=[redacted]&key=[redacted]&q=t',
  );
  expect(redactUrl('/v1/x?%E0%A4%A=1&password')).toBe('/v1/x?%E0%A4%A=1&password=[redacted]');
  expect(redactUrl('/v1/orders/G-000002?t[]=s1&t%5B%5D=s2&%5Bt%5D=s3&a[token]=s4&t.x=s5&tt=6&q=t')).toBe(
    '/v1/orders/G-000002?t[]=[redacted]&t%5B%5D=[redacted]&%5Bt%5D=[redacted]&a[token]=[redacted]&t.x=[redacted]&tt=6&q=t',
  );
  expect(redactUrl('/v1/x?t%5B%E0=s&contrase%C3%B1a[]=s')).toBe(
    '/v1/x?t%5B%E0=[redacted]&contrase%C3%B1a[]=[redacted]',
  );
});

test('an unexpected error is logged once, with the request id and its URL redacted; the client gets the Spanish 500', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'info', pretty: false }, sink);
  const app = express()
    .use(requestLog(logger, { readLevel: 'debug', slowMs: 500 }))
    .get('/roto', () => {
      throw new Error('se rompió algo');
    })
    .use(errorHandler(logger));
  const res = await request(app).get('/roto?t=secreto123&page=2').set('X-Request-Id', 'pedido-42').expect(500);
  expect(res.body).toEqual({ error: { message: 'Ocurrió un error inesperado. Probá de nuevo más tarde.' } });
  const failed = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({
    req: { id: 'pedido-42', method: 'GET', url: '/roto?t=[redacted]&page=2' },
    err: { message: 'se rompió algo' },
  });
  expect(lines.join('')).not.toContain('secreto123');
});
