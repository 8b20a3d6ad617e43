import path from 'node:path';
import request from 'supertest';
import { startFakeArca, TEST_CA_DIR, TEST_CUIT, type FakeArca } from '../../../../scripts/fake-arca/server';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { eventually } from '../../test/test-app';
import { invoicesJob } from '.';

// The other ways money comes in: a transfer the desk approves, Mercado Pago's approval of an order,
// and its refund (a Nota de Crédito C); each writes its invoice in the transaction that records it.
const logger = createLogger({ level: 'silent', pretty: false });
let arca: FakeArca;
let t: PaymentsTestApp;
let owner: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;

beforeAll(async () => {
  arca = await startFakeArca();
  t = await createPaymentsTestApp({
    mailer: { send: async () => undefined },
    env: {
      ARCA_CUIT: TEST_CUIT,
      ARCA_PTO_VTA: '4',
      ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
      ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
    },
  });
  owner = await t.staffAgent();
});
afterAll(async () => {
  await t?.close();
  await arca.stop();
});

const runJob = () =>
  runJobOnce(invoicesJob, { db: t.db, logger, clock: { now: () => new Date() }, config: t.config }, { force: true });

async function paidOnline() {
  const producto = (
    await owner
      .post('/v1/products')
      .send({
        nombre: 'Botella térmica',
        categoria: ['accesorios'],
        precio: 4200,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Para facturar',
        portada: false,
        talle: [],
        color: ['rojo'],
        stock: 4,
      })
      .expect(201)
  ).body.product._id as string;
  const comprador = { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz@correo.com', celular: '3815550000' };
  const placed = await request(t.app)
    .post('/v1/orders')
    .send({ comprador, pago: 'mercadopago', lineas: [{ producto, color: 'rojo', cantidad: 1 }] })
    .expect(201);
  const { numero, token } = placed.body.order as { numero: string; token: string };
  const checkout = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
  await t.pay(checkout.body.checkoutUrl, 'approved');
  await eventually(
    () => t.db('orders').where({ numero }).first('estado'),
    (o) => o.estado === 'pagado',
  );
  return t.db('orders').where({ numero }).first();
}

test('an order Mercado Pago approved is invoiced; its refund leaves a Nota de Crédito C tied to it', async () => {
  const order = await paidOnline();
  const invoiceOf = () => t.db('invoices').where({ order_id: order.id }).orderBy('seq');
  expect(await invoiceOf()).toEqual([
    expect.objectContaining({
      kind: 'factura_c',
      state: 'pendiente',
      concepto: 1,
      total_centavos: order.total_centavos,
    }),
  ]);
  await runJob();
  const [factura] = await invoiceOf();
  expect(factura).toEqual(expect.objectContaining({ state: 'autorizada', pto_vta: 4 }));

  await owner.post(`/v1/pagos/mercadopago/pedidos/${order.numero}/reembolso`).expect(200);
  await runJob();
  expect((await invoiceOf()).map((r) => [r.kind, r.state, r.associated_invoice_id])).toEqual([
    ['factura_c', 'autorizada', null],
    ['nota_credito_c', 'autorizada', factura.id],
  ]);
  const note = arca.vouchers().find((v) => v.cbteTipo === 13);
  expect(note?.associated).toEqual([{ tipo: 11, ptoVta: 4, nro: factura.number }]);
});

test('a transfer the desk approves is invoiced as the cuota it pays', async () => {
  const idUsuario = (
    await owner
      .post('/v1/agregarusuario')
      .send({
        idUsuario: `tr-${Date.now() % 100_000}`,
        nombre: 'Ana Paz',
        edad: 30,
        correo: 'ana.paz@correo.com',
        celular: 3815550000,
        plan: 2,
      })
      .expect(201)
  ).body.idUsuario as string;
  const [upload] = await t
    .db('transfer_uploads')
    .insert({
      id_usuario: idUsuario,
      content_type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF'),
      amount_centavos: 2_500_000,
      months: 1,
      created_at: new Date(),
    })
    .returning('id');
  await owner.post(`/v1/desk/comprobantes/${upload.id}/aprobar`).expect(200);
  const payment = await t.db('membership_payments').where({ id_usuario: idUsuario }).first();
  expect(await t.db('invoices').where({ membership_payment_id: payment.id })).toEqual([
    expect.objectContaining({ kind: 'factura_c', state: 'pendiente', concepto: 2, total_centavos: 2_500_000 }),
  ]);
});
