import request from 'supertest';
import { orderMessages, type Order } from '@gym/contracts/orders';
import type { DashboardFigures } from '@gym/contracts/memberships';
import type { Product } from '@gym/contracts/products';
import { createLogger } from '../logger';
import { retryingMailer, retryDueMails } from '../shared/mail-retry';
import { createSmtpMailer, type Mailer, type OutgoingMail } from '../shared/mailer';
import { closedPort, startSmtp } from '../test/smtp-server';
import { createTestApp, eventually, manualClock, type TestApp } from '../test/test-app';
import { mailRetryJob } from './mail-retry';
import { backgroundJobs, runJobOnce } from '.';

const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
const sent: OutgoingMail[] = [];
/** What the SMTP server answers: nothing (down), or a 550 for a mailbox that does not exist. */
let smtp: 'up' | 'down' | 'no-such-mailbox' = 'up';
const mailer: Mailer = {
  async send(mail) {
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
beforeEach(async () => {
  smtp = 'up';
  sent.length = 0;
  await t.db('mail_retries').delete();
});

const job = () => runJobOnce(mailRetryJob, { db: t.db, logger, clock, mailer });
const jobRow = () => t.db('job_runs').where({ name: 'reintentar-correos' }).first();
const kept = () => t.db('mail_retries').orderBy('id');

const buyer = { nombre: 'Sin', apellido: 'Correo', email: 'sin.correo@example.com', celular: '3815551234' };

test('the job is one of the background jobs', () => {
  expect(backgroundJobs).toContain(mailRetryJob);
});

test('an order placed while mail is down stands; both mails are kept, the job fails until they go out', async () => {
  const staff = await t.staffAgent();
  const product = (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Muñequera',
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
  smtp = 'down';
  const res = await request(t.app)
    .post('/v1/orders')
    .send({ comprador: buyer, pago: 'efectivo', lineas: [{ producto: product._id, color: 'negro', cantidad: 1 }] })
    .expect(201);
  const order = res.body.order as Order;

  // The answer does not wait for the mails: they are kept a moment after it.
  const rows = await eventually(kept, (r) => r.length === 2);
  expect(rows.map((r) => r.to_address).sort()).toEqual([buyer.email, t.config.orders.notifyEmail].sort());
  expect(rows.find((r) => r.to_address === buyer.email)).toMatchObject({
    subject: orderMessages.buyerSubject(order.numero),
    attempts: 1,
    last_error: 'connect ECONNREFUSED 10.0.0.5:587',
    sent_at: null,
    given_up_at: null,
  });
  expect(new Date(rows[0].next_attempt_at).getTime() - clock.now().getTime()).toBe(60_000);
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
  expect(sent.map((m) => m.to.address).sort()).toEqual([buyer.email, t.config.orders.notifyEmail].sort());
  expect(sent.find((m) => m.to.address === buyer.email)!.text).toContain(order.numero);
  expect(await jobRow()).toMatchObject({ last_status: 'ok', failures_in_a_row: 0 });
  expect(await waitingOnPanel()).toBe(0);
  expect((await kept()).map((r) => [r.attempts, r.sent_at !== null])).toEqual([
    [2, true],
    [2, true],
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
  await retryingMailer({ db: t.db, mailer, logger, clock }).send(mail);
  const pass = () => retryDueMails({ db: t.db, mailer, logger, clock });
  const row = async () => (await kept())[0];
  const nextIn = async () => (new Date((await row()).next_attempt_at).getTime() - clock.now().getTime()) / 60_000;

  expect(await nextIn()).toBe(1);
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
  expect((await row()).given_up_at).not.toBeNull();
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
  await retryingMailer({ db: t.db, mailer, logger, clock }).send(mail);
  smtp = 'up';
  clock.advanceMinutes(1);
  expect(await retryDueMails({ db: t.db, mailer, logger, clock })).toMatchObject({ sent: 1, waiting: 0 });
  expect(sent).toEqual([mail]);
});

test('a mailbox that does not exist (550) is not kept: trying again would not change the answer', async () => {
  smtp = 'no-such-mailbox';
  await expect(
    retryingMailer({ db: t.db, mailer, logger, clock }).send({
      to: { name: 'Nadie', address: 'nadie@example.com' },
      subject: 'Tu pedido',
      text: 'Hola',
    }),
  ).resolves.toBeUndefined();
  expect(await kept()).toEqual([]);
});

test('sent and given-up mails are deleted after 30 days; waiting ones stay', async () => {
  smtp = 'down';
  const keep = retryingMailer({ db: t.db, mailer, logger, clock });
  for (const address of ['a@example.com', 'b@example.com'])
    await keep.send({ to: { name: 'X', address }, subject: 'S', text: 'T' });
  smtp = 'up';
  clock.advanceMinutes(1);
  await retryDueMails({ db: t.db, mailer, logger, clock });
  smtp = 'down';
  await keep.send({ to: { name: 'X', address: 'c@example.com' }, subject: 'S', text: 'T' });
  clock.advanceMinutes(30 * 24 * 60 + 1);
  expect(await retryDueMails({ db: t.db, mailer: { send: async () => undefined }, logger, clock })).toMatchObject({
    purged: 2,
    sent: 1,
  });
  expect((await kept()).map((r) => r.to_address)).toEqual(['c@example.com']);
});

describe('through a real SMTP conversation (nodemailer against a local smtp-server)', () => {
  const mail: OutgoingMail = { to: { name: 'Ana', address: 'ana@example.com' }, subject: 'Tu pedido', text: 'Hola' };
  const from = 'Gimnasio <ventas@gym.test>';

  test('nobody listening: kept, and sent by the retry once the server answers', async () => {
    const down = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from, timeoutMs: 2000 });
    await retryingMailer({ db: t.db, mailer: down, logger, clock }).send(mail);
    expect(await kept()).toMatchObject([{ to_address: 'ana@example.com', attempts: 1, sent_at: null }]);
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

  test('451 (try later) is kept; 550 (no such mailbox) is not', async () => {
    for (const refuse of [451, 550] as const) {
      const server = await startSmtp({ refuse });
      try {
        const refusing = createSmtpMailer({ url: server.url, from, timeoutMs: 2000 });
        await retryingMailer({ db: t.db, mailer: refusing, logger, clock }).send(mail);
      } finally {
        await server.close();
      }
    }
    expect((await kept()).map((r) => r.last_error)).toEqual([expect.stringContaining('451')]);
  });
});
