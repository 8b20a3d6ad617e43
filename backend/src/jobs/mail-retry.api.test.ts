import request from 'supertest';
import { orderMessages, type Order } from '@gym/contracts/orders';
import type { DashboardFigures } from '@gym/contracts/memberships';
import type { Product } from '@gym/contracts/products';
import { createLogger } from '../logger';
import { mailDispatcherIdle, queueMail, queuedMailer, retryDueMails, sendDueMails } from '../shared/mail-retry';
import { createSmtpMailer, type Mailer, type OutgoingMail } from '../shared/mailer';
import { closedPort, startSmtp } from '../test/smtp-server';
import { createTestApp, eventually, manualClock, type TestApp } from '../test/test-app';
import { mailRetryJob } from './mail-retry';
import { backgroundJobs, runJobOnce } from '.';

const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
const sent: OutgoingMail[] = [];
/** What the SMTP server answers: nothing (down), a 550 for a mailbox that does not exist, or not yet (held). */
let smtp: 'up' | 'down' | 'no-such-mailbox' | 'held' = 'up';
let release: () => void = () => undefined;
let held = new Promise<void>((resolve) => (release = resolve));
const mailer: Mailer = {
  async send(mail) {
    if (smtp === 'held') await held;
    if (smtp === 'down') throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:587'), { code: 'ESOCKET' });
    if (smtp === 'no-such-mailbox')
      throw Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 No such user"), {
        code: 'EENVELOPE',
        responseCode: 550,
      });
    sent.push(mail);
  },
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
});
afterAll(() => t.close());
const deps = () => ({ db: t.db, mailer, logger, clock });
/** The app's mailer for mails nobody waits for, and the moment its dispatcher has nothing in hand. */
const outbox = () => queuedMailer(deps());
const settled = () => mailDispatcherIdle(deps());
beforeEach(async () => {
  release();
  await settled();
  smtp = 'up';
  held = new Promise<void>((resolve) => (release = resolve));
  sent.length = 0;
  await t.db('message_outbox').where({ channel: 'email' }).delete();
});

const job = () => runJobOnce(mailRetryJob, { db: t.db, logger, clock, mailer });
const jobRow = () => t.db('job_runs').where({ name: 'reintentar-correos' }).first();
const kept = () => t.db('message_outbox').where({ channel: 'email' }).orderBy('seq');

const buyer = { nombre: 'Sin', apellido: 'Correo', email: 'sin.correo@example.com', celular: '3815551234' };

async function aProduct(): Promise<Product> {
  const staff = await t.staffAgent();
  return (
    await staff
      .post('/v1/products')
      .send({
        nombre: `Muñequera ${Math.random().toString(36).slice(2, 8)}`,
        categoria: ['accesorios'],
        precio: 2500,
        imagen: '/img/productos/toalla.svg',
        descripcion: 'Muñequera de algodón',
        portada: false,
        talle: [],
        color: ['negro'],
        stock: 5,
      })
      .expect(201)
  ).body.product as Product;
}

const placeOrder = async (product: Product) =>
  (
    await request(t.app)
      .post('/v1/orders')
      .send({ comprador: buyer, pago: 'efectivo', lineas: [{ producto: product._id, color: 'negro', cantidad: 1 }] })
      .expect(201)
  ).body.order as Order;

test('the job is one of the background jobs', () => {
  expect(backgroundJobs).toContain(mailRetryJob);
});

test("an order's two mails are outbox rows when the POST answers; they go out after it", async () => {
  const product = await aProduct();
  smtp = 'held';
  const order = await placeOrder(product);

  // Written in the order's transaction: there when the answer is, and nothing sent yet.
  const rows = await kept();
  expect(rows.map((r) => [r.idempotency_key, r.to_address, r.status, r.sent_at])).toEqual([
    [`pedido:${order.numero}:recibido:comprador`, buyer.email, 'queued', null],
    [`pedido:${order.numero}:recibido:gimnasio`, t.config.orders.notifyEmail, 'queued', null],
  ]);
  expect(rows[0]).toMatchObject({ channel: 'email', template: 'correo', id_usuario: null, attachments: null });
  expect(rows[0].subject).toBe(orderMessages.buyerSubject(order.numero));
  expect(rows[0].body).toContain(order.numero);
  expect(sent).toEqual([]);

  release();
  await eventually(
    async () => [...sent],
    (mails) => mails.length === 2,
  );
  expect(sent.map((m) => m.subject)).toEqual([
    orderMessages.buyerSubject(order.numero),
    orderMessages.gymSubject(order.numero),
  ]);
  expect(await eventually(kept, (r) => r.every((row) => row.status === 'sent'))).toMatchObject([
    { status: 'sent', attempts: 1, last_error: null },
    { status: 'sent', attempts: 1, last_error: null },
  ]);
  expect(await retryDueMails(deps())).toMatchObject({ sent: 0, waiting: 0 });
  expect(sent).toHaveLength(2);
});

test('an order placed while mail is down stands; both mails wait, the job fails until they go out', async () => {
  const product = await aProduct();
  smtp = 'down';
  const order = await placeOrder(product);

  // The first try, after the answer, fails: both mails wait a minute (the second without a timeout of its own).
  const rows = await eventually(kept, (r) => r.length === 2 && r.every((row) => row.last_error !== null));
  expect(rows.map((r) => r.to_address)).toEqual([buyer.email, t.config.orders.notifyEmail]);
  expect(rows[0]).toMatchObject({
    subject: orderMessages.buyerSubject(order.numero),
    status: 'queued',
    attempts: 1,
    last_error: 'connect ECONNREFUSED 10.0.0.5:587',
    sent_at: null,
  });
  expect(rows[1]).toMatchObject({ status: 'queued', attempts: 0, last_error: 'connect ECONNREFUSED 10.0.0.5:587' });
  for (const row of rows) expect(new Date(row.next_attempt_at).getTime() - clock.now().getTime()).toBe(60_000);
  const staff = await t.staffAgent();
  const waitingOnPanel = async () =>
    ((await staff.get('/v1/desk/dashboard').expect(200)).body as DashboardFigures).correosEnEspera;
  expect(await waitingOnPanel()).toBe(2);

  // Not due yet: nothing is tried, but the mails wait, so the job fails (and the alert counts it).
  clock.advanceMinutes(0.5);
  expect(await job()).toEqual({ ran: true });
  expect(await jobRow()).toMatchObject({
    last_status: 'error',
    last_error:
      '2 correos esperan que el servidor de correo los acepte (último error: connect ECONNREFUSED 10.0.0.5:587)',
    failures_in_a_row: 1,
  });

  smtp = 'up';
  clock.advanceMinutes(1.5);
  expect(await job()).toEqual({ ran: true, result: { sent: 2, failed: 0, gaveUp: 0, purged: 0, waiting: 0 } });
  expect(sent.map((m) => m.to.address)).toEqual([buyer.email, t.config.orders.notifyEmail]);
  expect(sent[0]!.text).toContain(order.numero);
  expect(await jobRow()).toMatchObject({ last_status: 'ok', failures_in_a_row: 0 });
  expect(await waitingOnPanel()).toBe(0);
  expect((await kept()).map((r) => [r.attempts, r.status])).toEqual([
    [2, 'sent'],
    [1, 'sent'],
  ]);

  clock.advanceMinutes(2);
  await job();
  expect(sent).toHaveLength(2);
});

test('still down: tried again after 1, 5 and 15 minutes, then hourly; after a day it is given up', async () => {
  const mail: OutgoingMail = {
    to: { name: 'Ana Socia', address: 'ana@example.com' },
    subject: 'Se liberó un lugar en tu clase',
    text: 'Hola, Ana: tenés tu lugar.',
    attachments: [{ filename: 'recibo.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 x') }],
  };
  smtp = 'down';
  const start = clock.now().getTime();
  await outbox().send(mail);
  await settled();
  const pass = () => retryDueMails(deps());
  const row = async () => (await kept())[0];
  const nextIn = async () => (new Date((await row()).next_attempt_at).getTime() - clock.now().getTime()) / 60_000;

  expect([(await row()).attempts, await nextIn()]).toEqual([1, 1]);
  await runJobOnce(mailRetryJob, { db: t.db, logger, clock, mailer }, { force: true });
  expect((await jobRow()).last_error).toBe(
    'Un correo espera que el servidor de correo lo acepte (último error: connect ECONNREFUSED 10.0.0.5:587)',
  );
  clock.advanceMinutes(1);
  expect(await pass()).toMatchObject({ sent: 0, failed: 1, waiting: 1 });
  expect([(await row()).attempts, await nextIn()]).toEqual([2, 5]);
  clock.advanceMinutes(4);
  expect(await pass()).toMatchObject({ failed: 0, waiting: 1 });
  expect((await row()).attempts).toBe(2);
  clock.advanceMinutes(1);
  await pass();
  expect([(await row()).attempts, await nextIn()]).toEqual([3, 15]);
  clock.advanceMinutes(15);
  await pass();
  clock.advanceMinutes(30);
  await pass();
  clock.advanceMinutes(60);
  await pass();
  expect([(await row()).attempts, await nextIn()]).toEqual([6, 60]);

  clock.advanceMinutes(24 * 60 - (clock.now().getTime() - start) / 60_000);
  expect(await pass()).toMatchObject({ gaveUp: 1, waiting: 0 });
  expect(await row()).toMatchObject({ status: 'failed', next_attempt_at: null });
  expect((await row()).failed_at).not.toBeNull();
  smtp = 'up';
  clock.advanceMinutes(60);
  expect(await pass()).toMatchObject({ sent: 0, waiting: 0 });
  expect(sent).toEqual([]);
});

test('a kept mail goes out as it was, attachment and all', async () => {
  const mail: OutgoingMail = {
    to: { name: 'Ana Socia', address: 'ana@example.com' },
    subject: 'Tu recibo',
    text: 'Hola, Ana: va tu recibo.',
    attachments: [
      { filename: 'recibo.pdf', contentType: 'application/pdf', content: Buffer.from([37, 80, 68, 70, 0, 255]) },
    ],
  };
  smtp = 'down';
  await outbox().send(mail);
  await settled();
  smtp = 'up';
  clock.advanceMinutes(1);
  expect(await retryDueMails(deps())).toMatchObject({ sent: 1, waiting: 0 });
  expect(sent).toEqual([mail]);
});

test('a mailbox that does not exist (550) is failed at once: trying again would not change the answer', async () => {
  smtp = 'no-such-mailbox';
  await expect(
    outbox().send({ to: { name: 'Nadie', address: 'nadie@example.com' }, subject: 'Tu pedido', text: 'Hola' }),
  ).resolves.toBeUndefined();
  await outbox().send({ to: { name: 'Ana', address: 'ana@example.com' }, subject: 'Tu pedido', text: 'Hola' });
  await settled();
  // The next mail is still tried: a 550 speaks of one mailbox, not of the server.
  expect((await kept()).map((r) => [r.to_address, r.status, r.attempts])).toEqual([
    ['nadie@example.com', 'failed', 1],
    ['ana@example.com', 'failed', 1],
  ]);
  expect((await kept())[0].last_error).toContain('550 5.1.1');
  smtp = 'up';
  clock.advanceMinutes(60);
  expect(await retryDueMails(deps())).toMatchObject({ sent: 0, waiting: 0 });
  expect(sent).toEqual([]);
});

test('sent and given-up mails are deleted after 30 days; waiting ones stay', async () => {
  smtp = 'down';
  const keep = outbox();
  for (const address of ['a@example.com', 'b@example.com'])
    await keep.send({ to: { name: 'X', address }, subject: 'S', text: 'T' });
  await settled();
  smtp = 'up';
  clock.advanceMinutes(1);
  expect(await retryDueMails(deps())).toMatchObject({ sent: 2 });
  smtp = 'down';
  await keep.send({ to: { name: 'X', address: 'c@example.com' }, subject: 'S', text: 'T' });
  await settled();
  clock.advanceMinutes(30 * 24 * 60 + 1);
  expect(await retryDueMails({ db: t.db, mailer: { send: async () => undefined }, logger, clock })).toMatchObject({
    purged: 2,
    sent: 1,
  });
  expect((await kept()).map((r) => r.to_address)).toEqual(['c@example.com']);
});

test('the same key queued twice is one row and one mail', async () => {
  const mail: OutgoingMail = { to: { name: 'Ana', address: 'ana@example.com' }, subject: 'Tu cuota', text: 'Hola' };
  await outbox().send(mail, { key: 'cuota:ana:2026-11' });
  await outbox().send({ ...mail, text: 'Hola otra vez' }, { key: 'cuota:ana:2026-11' });
  await settled();
  await outbox().send(mail, { key: 'cuota:ana:2026-11' });
  await settled();
  clock.advanceMinutes(5);
  await retryDueMails(deps());
  expect(sent).toEqual([mail]);
  expect(await kept()).toMatchObject([{ idempotency_key: 'cuota:ana:2026-11', status: 'sent' }]);
});

test('queued in a transaction: sent once it commits, never when it rolls back', async () => {
  const mail = (address: string): OutgoingMail => ({ to: { name: 'X', address }, subject: 'S', text: 'T' });
  await expect(
    t.db.transaction(async (trx) => {
      await outbox().send(mail('deshecho@example.com'), { trx });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  smtp = 'held';
  await t.db.transaction(async (trx) => {
    await outbox().send(mail('hecho@example.com'), { trx });
  });
  release();
  await eventually(
    async () => [...sent],
    (mails) => mails.length === 1,
  );
  await settled();
  expect(sent.map((m) => m.to.address)).toEqual(['hecho@example.com']);
  expect((await kept()).map((r) => [r.to_address, r.status])).toEqual([['hecho@example.com', 'sent']]);
});

test('a process that died before sending: the job sends what it queued', async () => {
  await queueMail(
    t.db,
    { to: { name: 'X', address: 'huerfano@example.com' }, subject: 'S', text: 'T' },
    undefined,
    clock.now(),
  );
  clock.advanceMinutes(2);
  expect(await job()).toMatchObject({ ran: true, result: { sent: 1, waiting: 0 } });
  expect(sent.map((m) => m.to.address)).toEqual(['huerfano@example.com']);
});

test('two runners at once (the dispatcher and the job, or two replicas) send each mail once', async () => {
  const slow: Mailer = {
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(mail);
    },
  };
  const addresses = Array.from({ length: 30 }, (_, i) => `socio${i}@example.com`);
  for (const address of addresses)
    await queueMail(t.db, { to: { name: 'X', address }, subject: 'S', text: 'T' }, undefined, clock.now());
  const runners = [1, 2, 3].map(() => sendDueMails({ db: t.db, mailer: slow, logger, clock }));
  const passes = await Promise.all([...runners, retryDueMails({ db: t.db, mailer: slow, logger, clock })]);
  expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(30);
  expect(sent.map((m) => m.to.address).sort()).toEqual([...addresses].sort());
  expect((await kept()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
});

describe('through a real SMTP conversation (nodemailer against a local smtp-server)', () => {
  const mail: OutgoingMail = { to: { name: 'Ana', address: 'ana@example.com' }, subject: 'Tu pedido', text: 'Hola' };
  const from = 'Gimnasio <ventas@gym.test>';

  test('nobody listening: kept, and sent by the retry once the server answers', async () => {
    const down = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from, timeoutMs: 2000 });
    const downDeps = { db: t.db, mailer: down, logger, clock };
    await queuedMailer(downDeps).send(mail);
    await mailDispatcherIdle(downDeps);
    expect(await kept()).toMatchObject([{ to_address: 'ana@example.com', attempts: 1, status: 'queued' }]);
    const server = await startSmtp();
    try {
      clock.advanceMinutes(1);
      const up = createSmtpMailer({ url: server.url, from, timeoutMs: 2000 });
      expect(await retryDueMails({ db: t.db, mailer: up, logger, clock })).toMatchObject({ sent: 1, waiting: 0 });
      expect(server.received.map((r) => r.to)).toEqual([['ana@example.com']]);
    } finally {
      await server.close();
    }
  });

  test('451 (try later) is kept; 550 (no such mailbox) is failed for good', async () => {
    for (const refuse of [451, 550] as const) {
      const server = await startSmtp({ refuse });
      try {
        const refusingDeps = {
          db: t.db,
          mailer: createSmtpMailer({ url: server.url, from, timeoutMs: 2000 }),
          logger,
          clock,
        };
        await queuedMailer(refusingDeps).send(mail);
        await mailDispatcherIdle(refusingDeps);
      } finally {
        await server.close();
      }
    }
    expect((await kept()).map((r) => [r.status, r.last_error])).toEqual([
      ['queued', expect.stringContaining('451')],
      ['failed', expect.stringContaining('550')],
    ]);
  });
});
