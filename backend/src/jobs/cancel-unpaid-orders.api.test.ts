import request from 'supertest';
import { orderGuide, orderMessages, type Order } from '@gym/contracts/orders';
import type { Product } from '@gym/contracts/products';
import type { OutgoingMail } from '../shared/mailer';
import { createLogger } from '../logger';
import { createTestApp, eventually, manualClock, type TestApp } from '../test/test-app';
import { cancelUnpaidOrders } from './cancel-unpaid-orders';
import { backgroundJobs, runJobOnce } from '.';

const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
/** One mailer for the app and the job, as in production: whichever process's pass takes a mail sends it. */
const sent: OutgoingMail[] = [];
const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer, env: { ORDER_UNPAID_HOURS: '72' } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

const buyer = { nombre: 'Olvido', apellido: 'Pago', email: 'olvido@example.com', celular: '3815551234' };

test('the job is registered with the background jobs', () => {
  expect(backgroundJobs).toContain(cancelUnpaidOrders);
});

test('pending orders older than 72 h are cancelled and their stock returned; paid and recent ones stay', async () => {
  const product = (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Toalla',
        categoria: ['accesorios'],
        precio: 900,
        imagen: '/img/productos/toalla.svg',
        descripcion: 'Toalla',
        portada: false,
        talle: [],
        color: ['azul'],
        stock: 10,
      })
      .expect(201)
  ).body.product as Product;
  const buy = async () =>
    (
      await request(t.app)
        .post('/v1/orders')
        .send({
          comprador: buyer,
          pago: 'transferencia',
          lineas: [{ producto: product._id, color: 'azul', cantidad: 2 }],
        })
        .expect(201)
    ).body.order as Order;
  const forgotten = await buy();
  const paid = await buy();
  await staff.post(`/v1/orders/${paid.numero}/estado`).send({ estado: 'pagado' }).expect(200);
  clock.advanceMinutes(71 * 60);
  const recent = await buy();
  clock.advanceMinutes(2 * 60);

  // The orders' own mails gone out first, so what follows is the job's.
  await eventually(
    async () => t.db('message_outbox').where({ status: 'queued' }).count({ n: '*' }).first(),
    (row) => Number(row?.n) === 0,
  );
  sent.length = 0;
  const outcome = await runJobOnce(cancelUnpaidOrders, { db: t.db, logger, clock, config: t.config, mailer });
  expect(outcome).toEqual({
    ran: true,
    result: { hours: 72, largeUnits: 10, largeHours: 24, cancelled: 1, numeros: [forgotten.numero] },
  });
  const estado = async (numero: string) => (await t.db('orders').where({ numero }).first()).estado;
  expect([await estado(forgotten.numero), await estado(paid.numero), await estado(recent.numero)]).toEqual([
    'cancelado',
    'pagado',
    'pendiente',
  ]);
  const row = await t.db('orders').where({ numero: forgotten.numero }).first();
  expect(row.cancelado_por).toBe('sistema (pedido sin pagar)');
  // The buyer hears of it, and why: one mail, for the cancelled order only.
  const mails = await eventually(
    async () => [...sent],
    (all) => all.length > 0,
  );
  expect(mails.map((mail) => [mail.to.address, mail.subject])).toEqual([
    [buyer.email, orderMessages.cancelledSubject(forgotten.numero)],
  ]);
  expect(sent[0]!.text).toContain(`${orderGuide.cancelled(forgotten.numero)} ${orderGuide.cancelledUnpaid}`);
  const after = (await request(t.app).get(`/v1/product/${product._id}`).expect(200)).body.product as Product;
  expect(after.stock).toBe(6);

  // The job is the actor of its change, as the CLI is of its own: one audit row, with what was cancelled.
  const audit = await t.db('audit_log').where({ entity: 'pedido', entity_id: forgotten.numero });
  expect(audit).toEqual([
    expect.objectContaining({
      actor_id: null,
      actor_email: null,
      request_id: 'job:cancel-unpaid-orders',
      action: 'cambiar_estado',
      before: { estado: 'pendiente', total: 1800 },
      after: { estado: 'cancelado', total: 1800 },
    }),
  ]);
  staff = await t.staffAgent();
  const trail = (await staff.get('/v1/audit?entity=pedido').expect(200)).body.entries as { requestId: string }[];
  expect(trail.filter((e) => e.requestId === 'job:cancel-unpaid-orders')).toHaveLength(1);
});

test('an unpaid order of more than 10 units is cancelled after 24 h; one of 10 waits the 72 h', async () => {
  const product = (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Guantes',
        categoria: ['accesorios'],
        precio: 100,
        imagen: '/img/productos/toalla.svg',
        descripcion: 'Guantes',
        portada: false,
        talle: [],
        color: ['azul', 'rojo'],
        variantes: [
          { talle: null, color: 'azul', stock: 50 },
          { talle: null, color: 'rojo', stock: 50 },
        ],
      })
      .expect(201)
  ).body.product as Product;
  const buy = async (email: string, azul: number, rojo: number) =>
    (
      await request(t.app)
        .post('/v1/orders')
        .send({
          comprador: { ...buyer, email },
          pago: 'efectivo',
          lineas: [
            { producto: product._id, color: 'azul', cantidad: azul },
            { producto: product._id, color: 'rojo', cantidad: rojo },
          ],
        })
        .expect(201)
    ).body.order as Order;
  const large = await buy('grande@example.com', 6, 5);
  const ten = await buy('diez@example.com', 5, 5);
  clock.advanceMinutes(23 * 60);
  expect((await runJobOnce(cancelUnpaidOrders, { db: t.db, logger, clock, config: t.config })).result).toMatchObject({
    cancelled: 0,
  });
  clock.advanceMinutes(2 * 60);
  const outcome = await runJobOnce(cancelUnpaidOrders, { db: t.db, logger, clock, config: t.config });
  expect(outcome.result).toMatchObject({ cancelled: 1, numeros: [large.numero] });
  const estado = async (numero: string) => (await t.db('orders').where({ numero }).first()).estado;
  expect([await estado(large.numero), await estado(ten.numero)]).toEqual(['cancelado', 'pendiente']);
  expect(((await request(t.app).get(`/v1/product/${product._id}`).expect(200)).body.product as Product).stock).toBe(90);
});
