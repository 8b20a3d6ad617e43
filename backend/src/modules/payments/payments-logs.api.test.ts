import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '../../logger';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { eventually } from '../../test/test-app';
import { TEST_MERCADOPAGO } from '../../test/test-config';

const lines: string[] = [];
let t: PaymentsTestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createPaymentsTestApp({
    logger: createLogger({ level: 'debug', pretty: false }, sink),
    mailer: { send: async () => undefined },
  });
});
afterAll(() => t.close());

test('a whole payment (checkout, approval, notifications, a forged one, the refund) logs no secret', async () => {
  const staff = await t.staffAgent();
  const product = (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Soga de saltar',
        categoria: ['accesorios'],
        precio: 4100,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Para los logs',
        portada: false,
        talle: [],
        color: ['negro'],
        stock: 5,
      })
      .expect(201)
  ).body.product;
  const comprador = { nombre: 'Ana', apellido: 'Paz', email: 'ana.logs@correo.com', celular: '3815550000' };
  const lineas = [{ producto: product._id, color: 'negro', cantidad: 1 }];
  const placed = await request(t.app).post('/v1/orders').send({ comprador, pago: 'mercadopago', lineas }).expect(201);
  const { numero, token } = placed.body.order as { numero: string; token: string };
  const checkout = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
  const paymentId = await t.pay(checkout.body.checkoutUrl, 'approved');
  await eventually(
    () => t.db('orders').where({ numero }).first('estado'),
    (o) => o.estado === 'pagado',
  );
  expect(await t.fake.notify(paymentId, { times: 2 })).toEqual([200, 200]);
  expect(await t.fake.notify(paymentId, { forge: true })).toEqual([401]);
  await staff.post(`/v1/pagos/mercadopago/pedidos/${numero}/reembolso`).send({}).expect(200);

  const log = lines.join('');
  expect(log).toContain('/v1/pagos/mercadopago/webhook');
  expect(log).toContain('mercadopago notification refused');
  for (const secret of [TEST_MERCADOPAGO.accessToken, TEST_MERCADOPAGO.webhookSecret, token])
    expect(log).not.toContain(secret);
  // Nor a notification's signature.
  expect(log).not.toMatch(/v1=[0-9a-f]{64}/);
});
