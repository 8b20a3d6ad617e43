import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { onlinePaymentTitles, orderGuide, orderMessages, paymentMessages as pm } from '@gym/contracts/orders';
import { renewalMessages } from '@gym/contracts/members';
import type { Product } from '@gym/contracts/products';
import { runJobOnce } from '../../jobs';
import type { OutgoingMail } from '../../shared/mailer';
import { createLogger } from '../../logger';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { createTestApp, eventually } from '../../test/test-app';
import { TEST_MERCADOPAGO } from '../../test/test-config';
import { signatureHeader } from './mercadopago/signature';
import { reconcileJob } from './reconcile.job';

const sent: OutgoingMail[] = [];
let t: PaymentsTestApp;
let staff: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;
let product: Product;

beforeAll(async () => {
  t = await createPaymentsTestApp({
    mailer: { send: async (mail) => void sent.push(mail) },
    env: { ORDER_MAX_PER_ADDRESS: '1000', ORDER_MAX_UNPAID_UNITS: 'off' },
  });
  staff = await t.staffAgent();
  product = (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Guantes de boxeo',
        categoria: ['accesorios'],
        precio: 12500.5,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Para pagar online',
        portada: false,
        talle: [],
        color: ['rojo'],
        stock: 50,
      })
      .expect(201)
  ).body.product;
});
afterAll(() => t.close());

const buyer = { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz@correo.com', celular: '3815550000' };
const stockOf = async () =>
  Number((await t.db('product_variants').where({ product_id: product._id }).first('stock'))!.stock);

/** A shop order paid with Mercado Pago, and its checkout at the provider. */
async function mercadoPagoOrder(cantidad = 2) {
  const placed = await request(t.app)
    .post('/v1/orders')
    .send({
      comprador: buyer,
      pago: 'mercadopago',
      lineas: [{ producto: product._id, color: 'rojo', cantidad, precio: 12500.5 }],
    })
    .expect(201);
  const { numero, token } = placed.body.order as { numero: string; token: string };
  const checkout = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
  return { numero, token, checkoutUrl: checkout.body.checkoutUrl as string };
}

const orderState = async (numero: string) => (await t.db('orders').where({ numero }).first('estado'))!.estado as string;
const shown = async (numero: string, token: string) =>
  (await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}/estado`).send({ t: token }).expect(200)).body;
const auditOf = (entityId: string) => t.db('audit_log').where({ entity_id: entityId }).orderBy('id');

describe('a shop order paid with Mercado Pago', () => {
  test('the checkout carries the server prices, our reference, the way back and the hold; approval pays it once', async () => {
    const { numero, token, checkoutUrl } = await mercadoPagoOrder(2);
    expect(checkoutUrl).toMatch(new RegExp(`^${t.fake.url}/checkout/v1/redirect\\?pref_id=`));
    expect(await shown(numero, token)).toEqual(
      expect.objectContaining({ outcome: 'sin-pago', amountCentavos: 2_500_100 }),
    );

    const paymentId = await t.pay(checkoutUrl, 'approved');
    expect(
      await eventually(
        () => orderState(numero),
        (s) => s === 'pagado',
      ),
    ).toBe('pagado');
    expect(t.fake.payments.get(paymentId)).toEqual(
      expect.objectContaining({ transaction_amount: 25001, external_reference: `pedido-${numero}` }),
    );
    expect(await shown(numero, token)).toEqual(expect.objectContaining({ outcome: 'aprobado' }));
    const [row] = await auditOf(numero);
    expect(row).toEqual(
      expect.objectContaining({
        entity: 'pedido',
        action: 'cambiar_estado',
        actor_email: null,
        request_id: `mercadopago:${paymentId}`,
      }),
    );
    expect(row.after).toEqual(expect.objectContaining({ estado: 'pagado', mercadoPago: String(paymentId) }));
    const order = (await request(t.app).get(`/v1/orders/${numero}`).query({ t: token }).expect(200)).body.order;
    expect(order).toEqual(
      expect.objectContaining({
        pago: 'mercadopago',
        estado: 'pagado',
        pagado: expect.objectContaining({ por: 'Mercado Pago' }),
      }),
    );
    const told = async () => sent.some((mail) => mail.to.address === buyer.email && mail.text.includes(numero));
    expect(await eventually(told, Boolean)).toBe(true);
  });

  test('the same notification many times at once changes the order once, with one audit row', async () => {
    const { numero, checkoutUrl } = await mercadoPagoOrder(1);
    const paymentId = await t.pay(checkoutUrl, 'approved');
    const statuses = await t.fake.notify(paymentId, { times: 6 });
    expect(statuses).toEqual(Array(6).fill(200));
    await eventually(
      () => orderState(numero),
      (s) => s === 'pagado',
    );
    // The webhook answers once applied, so with the six answered and the checkout's own notification
    // delivered, every notification has been handled: the audit is complete, nothing is still to come.
    await t.fake.idle();
    expect((await auditOf(numero)).map((r) => r.action)).toEqual(['cambiar_estado']);
    expect(
      await t
        .db('online_payments')
        .where({ reference: `pedido-${numero}` })
        .first('status', 'provider_payment_id'),
    ).toEqual({
      status: 'aprobado',
      provider_payment_id: String(paymentId),
    });
  });

  test('pending, then approved: a forged, a replayed or a mismatched notification changes nothing; the job applies it', async () => {
    const { numero, token, checkoutUrl } = await mercadoPagoOrder(1);
    const paymentId = await t.pay(checkoutUrl, 'pending');
    // Its own notification delivered first: one arriving after the approval below would apply it.
    await t.fake.idle();
    expect(
      await eventually(
        () => shown(numero, token),
        (v) => v.outcome === 'pendiente',
      ),
    ).toEqual(expect.objectContaining({ outcome: 'pendiente' }));
    // The provider approves it later; its notification is lost. Forged and replayed ones arrive instead.
    t.fake.setStatus(paymentId, 'approved');
    expect(await t.fake.notify(paymentId, { forge: true })).toEqual([401]);
    const requestId = randomUUID();
    const old = signatureHeader(
      TEST_MERCADOPAGO.webhookSecret,
      String(paymentId),
      requestId,
      new Date(Date.now() - 10 * 60_000),
    );
    const replay = await request(t.app)
      .post('/v1/pagos/mercadopago/webhook')
      .query({ 'data.id': String(paymentId), type: 'payment' })
      .set({ 'x-signature': old, 'x-request-id': requestId })
      .send({ type: 'payment', data: { id: String(paymentId) } });
    expect(replay.status).toBe(401);
    const unsigned = await request(t.app)
      .post('/v1/pagos/mercadopago/webhook')
      .query({ 'data.id': String(paymentId), type: 'payment' })
      .send({});
    expect(unsigned.status).toBe(401);
    // A genuine notification of a payment of another amount for our reference: read, and ignored.
    const cheap = { ...t.fake.payments.get(paymentId)!, id: paymentId + 500_000, transaction_amount: 1 };
    t.fake.payments.set(cheap.id, cheap);
    expect(await t.fake.notify(cheap.id)).toEqual([200]);
    expect(await orderState(numero)).toBe('pendiente');
    expect(await auditOf(numero)).toEqual([]);
    t.fake.payments.delete(cheap.id);

    // Fifteen minutes on, the reconciliation asks the provider and applies it, as the job.
    const later = { now: () => new Date(Date.now() + 16 * 60_000) };
    const logger = createLogger({ level: 'silent', pretty: false });
    const run = await runJobOnce(reconcileJob, {
      db: t.db,
      logger,
      clock: later,
      config: t.config,
      mailer: { send: async () => undefined },
    });
    expect(run.result).toEqual(expect.objectContaining({ aplicados: expect.any(Number) }));
    expect(await orderState(numero)).toBe('pagado');
    const [row] = await auditOf(numero);
    expect(row).toEqual(expect.objectContaining({ request_id: 'job:conciliar-mercadopago', actor_email: null }));
    expect(row.after).toEqual(expect.objectContaining({ mercadoPago: String(paymentId) }));
  });

  test('rejected: the page says so and a new checkout can pay it', async () => {
    const { numero, token, checkoutUrl } = await mercadoPagoOrder(1);
    await t.pay(checkoutUrl, 'rejected');
    expect(
      await eventually(
        () => shown(numero, token),
        (v) => v.outcome === 'rechazado',
      ),
    ).toEqual(expect.objectContaining({ outcome: 'rechazado' }));
    expect(onlinePaymentTitles.rechazado).toBe('Pago rechazado — probá otra vez / pagá en el gimnasio');
    expect(await orderState(numero)).toBe('pendiente');
    const again = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
    expect(again.body.checkoutUrl).not.toBe(checkoutUrl);
    await t.pay(again.body.checkoutUrl, 'approved');
    expect(
      await eventually(
        () => orderState(numero),
        (s) => s === 'pagado',
      ),
    ).toBe('pagado');
    // Paid: no further checkout.
    const late = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(pm.notPayable);
  });

  test('a wrong token is the same 404 as an unknown order; an order paid otherwise has no checkout', async () => {
    const { numero } = await mercadoPagoOrder(1);
    const wrong = await request(t.app)
      .post(`/v1/pagos/mercadopago/pedidos/${numero}`)
      .send({ t: 'x'.repeat(32) });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe(orderMessages.notFound);
    const cash = await request(t.app)
      .post('/v1/orders')
      .send({
        comprador: buyer,
        pago: 'efectivo',
        lineas: [{ producto: product._id, color: 'rojo', cantidad: 1, precio: 12500.5 }],
      })
      .expect(201);
    const res = await request(t.app)
      .post(`/v1/pagos/mercadopago/pedidos/${cash.body.order.numero}`)
      .send({ t: cash.body.order.token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(pm.notMercadoPago);
  });
});

/** The refunds recorded for one online payment (online_refunds: the one record of money given back). */
const refundsOf = async (onlinePaymentId: string) =>
  (
    await t
      .db('online_refunds')
      .where({ online_payment_id: onlinePaymentId })
      .orderBy('created_at')
      .select('provider_payment_id', 'refund_id', 'amount_centavos', 'reason')
  ).map((r: { amount_centavos: number | string }) => ({ ...r, amount_centavos: Number(r.amount_centavos) }));

describe('a payment that arrives when the order can no longer take it goes back by itself', () => {
  test('a cash ticket paid after the order was cancelled: refunded once, the order stays cancelled', async () => {
    const { numero, checkoutUrl } = await mercadoPagoOrder(1);
    const paymentId = await t.pay(checkoutUrl, 'pending');
    await t.fake.idle();
    await eventually(
      () =>
        t
          .db('online_payments')
          .where({ reference: `pedido-${numero}` })
          .first('last_provider_status'),
      (r) => r.last_provider_status === 'pending',
    );
    await staff.post(`/v1/orders/${numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    t.fake.setStatus(paymentId, 'approved');
    expect(await t.fake.notify(paymentId, { times: 3 })).toEqual([200, 200, 200]);
    expect(t.fake.payments.get(paymentId)!.status).toBe('refunded');
    expect(await orderState(numero)).toBe('cancelado');
    const rows = (await auditOf(numero)).filter((r) => r.action === 'devolver_pago');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.objectContaining({ request_id: `mercadopago:${paymentId}`, actor_email: null }));
    expect(rows[0].after).toEqual(
      expect.objectContaining({ mercadoPago: String(paymentId), estado: 'cancelado', monto: 1_250_050 }),
    );
    const payment = await t
      .db('online_payments')
      .where({ reference: `pedido-${numero}` })
      .first('id');
    expect(await refundsOf(payment.id)).toEqual([
      {
        provider_payment_id: String(paymentId),
        refund_id: rows[0].after.reembolso,
        amount_centavos: 1_250_050,
        reason: 'pedido-cerrado',
      },
    ]);
  });

  test('a second approved payment for an order already paid goes back; the first stands', async () => {
    const { numero, checkoutUrl } = await mercadoPagoOrder(1);
    const first = await t.pay(checkoutUrl, 'approved');
    await eventually(
      () => orderState(numero),
      (s) => s === 'pagado',
    );
    const second = await t.pay(checkoutUrl, 'approved');
    await eventually(
      async () => t.fake.payments.get(second)!.status,
      (status) => status === 'refunded',
    );
    expect(t.fake.payments.get(first)!.status).toBe('approved');
    expect(await orderState(numero)).toBe('pagado');
    expect(
      await t
        .db('online_payments')
        .where({ reference: `pedido-${numero}` })
        .first('status', 'provider_payment_id'),
    ).toEqual({ status: 'aprobado', provider_payment_id: String(first) });
  });
});

describe('cancelling a paid Mercado Pago order refunds it', () => {
  test('the plain cancel is refused; the refund gives the money and the stock back, once', async () => {
    const { numero, checkoutUrl } = await mercadoPagoOrder(3);
    const paymentId = await t.pay(checkoutUrl, 'approved');
    await eventually(
      () => orderState(numero),
      (s) => s === 'pagado',
    );
    const stock = await stockOf();
    const plain = await staff.post(`/v1/orders/${numero}/estado`).send({ estado: 'cancelado' });
    expect(plain.status).toBe(409);
    expect(plain.body.error.message).toBe(pm.refundNeeded);

    const res = await staff.post(`/v1/pagos/mercadopago/pedidos/${numero}/reembolso`).send({}).expect(200);
    expect(res.body.message).toBe(pm.refunded);
    expect(res.body.order.estado).toBe('cancelado');
    expect(await stockOf()).toBe(stock + 3);
    expect(t.fake.payments.get(paymentId)!.status).toBe('refunded');
    const row = await t
      .db('online_payments')
      .where({ reference: `pedido-${numero}` })
      .first();
    expect(row).toEqual(expect.objectContaining({ status: 'reembolsado', refund_id: expect.any(String) }));
    const audit = (await auditOf(numero)).at(-1);
    expect(audit.after).toEqual(expect.objectContaining({ estado: 'cancelado', reembolso: row.refund_id }));
    const again = await staff.post(`/v1/pagos/mercadopago/pedidos/${numero}/reembolso`).send({});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(pm.notRefundable);
    // The refund is recorded once, in its own table, with the amount taken.
    expect(await refundsOf(row.id)).toEqual([
      {
        provider_payment_id: String(paymentId),
        refund_id: row.refund_id,
        amount_centavos: Number(row.amount_centavos),
        reason: 'pedido-cancelado',
      },
    ]);
  });

  test('an order meant for Mercado Pago but paid in cash at the desk is cancelled plainly, with no refund', async () => {
    const { numero } = await mercadoPagoOrder(1);
    await staff.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
    const refund = await staff.post(`/v1/pagos/mercadopago/pedidos/${numero}/reembolso`).send({});
    expect(refund.status).toBe(409);
    expect(refund.body.error.message).toBe(pm.notRefundable);
    const res = await staff.post(`/v1/orders/${numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    expect(res.body.order.estado).toBe('cancelado');
  });

  test('a refund the provider refuses leaves the order paid and says why', async () => {
    const { numero, checkoutUrl } = await mercadoPagoOrder(1);
    const paymentId = await t.pay(checkoutUrl, 'approved');
    await eventually(
      () => orderState(numero),
      (s) => s === 'pagado',
    );
    t.fake.setStatus(paymentId, 'in_mediation');
    const res = await staff.post(`/v1/pagos/mercadopago/pedidos/${numero}/reembolso`).send({});
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe(pm.refundFailed(400));
    expect(await orderState(numero)).toBe('pagado');
    expect(
      await t
        .db('online_payments')
        .where({ reference: `pedido-${numero}` })
        .first('status'),
    ).toEqual({ status: 'aprobado' });
  });
});

describe('what a Mercado Pago buyer is told by e-mail', () => {
  const mailsTo = (email: string, numero: string) =>
    sent.filter((mail) => mail.to.address === email && mail.subject.includes(numero));

  test('placed: pay online from the order page (its link) or in cash at the desk, never a transfer; approved: paid', async () => {
    const email = 'mp.comprador@correo.com';
    const placed = await request(t.app)
      .post('/v1/orders')
      .send({
        comprador: { ...buyer, nombre: 'Lía', email },
        pago: 'mercadopago',
        lineas: [{ producto: product._id, color: 'rojo', cantidad: 1, precio: 12500.5 }],
      })
      .expect(201);
    const { numero, token } = placed.body.order as { numero: string; token: string };
    const [mail] = await eventually(
      async () => mailsTo(email, numero),
      (mails) => mails.length > 0,
    );
    const where = orderGuide.where(t.config.orders.pickup);
    const page = `${t.config.orders.siteUrl}/pedido/${numero}?t=${token}`;
    expect(mail!.subject).toBe(orderMessages.buyerSubject(numero));
    expect(mail!.text).toContain(
      'Pagalo con Mercado Pago (tarjeta, débito o dinero en cuenta) desde la página de tu pedido; si el pago no sale, podés probar otra vez ahí:\n' +
        `${page}\n` +
        '¿Preferís no pagar online? Pagá en efectivo cuando lo retires en el gimnasio.\n' +
        `Cuando registremos el pago te avisamos por e-mail y lo retirás en ${where}.`,
    );
    const { alias, cbu } = t.config.orders.transfer;
    for (const text of ['Transferí', 'Alias', 'CBU', alias, cbu, 'comprobante']) expect(mail!.text).not.toContain(text);

    // A rejected try leaves the order to pay (the same page); an approved one says it is paid.
    const checkout = await request(t.app)
      .post(`/v1/pagos/mercadopago/pedidos/${numero}`)
      .send({ t: token })
      .expect(201);
    await t.pay(checkout.body.checkoutUrl, 'rejected');
    const again = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
    await t.pay(again.body.checkoutUrl, 'approved');
    const mails = await eventually(
      async () => mailsTo(email, numero),
      (all) => all.length > 1,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      orderMessages.buyerSubject(numero),
      orderMessages.readySubject(numero),
    ]);
    expect(mails[1]!.text).toContain(`Tu pedido ${numero} está pagado y listo para retirar.\nRetiralo en ${where}.`);
    for (const text of ['Transferí', 'CBU', cbu]) expect(mails[1]!.text).not.toContain(text);
  });
});

describe('a member renews from the portal', () => {
  test('N months at the plan fee; approval records the payment as Mercado Pago, moves paid-until and mails the receipt', async () => {
    const [id] = await eligibleClients(t, 'mp-socio', 1);
    const member = await memberAgent(t, staff, sent, id!);
    const bad = await member.post('/v1/socio/mercadopago').send({ meses: 13 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(renewalMessages.monthsRange);
    expect((await member.get('/v1/socio/mercadopago').expect(200)).body).toEqual({ pago: null });

    const before = (await t.db('memberships').where({ id_usuario: id }).first('paid_until')).paid_until;
    const fee = Number(
      (await t.db('plans').where({ id_plan: 1 }).first('cuota_mensual_centavos')).cuota_mensual_centavos,
    );
    const start = await member.post('/v1/socio/mercadopago').send({ meses: 2 }).expect(201);
    // The provider's page shows one item for the two months, at their total.
    const page = await (await fetch(start.body.checkoutUrl)).text();
    expect(page).toContain('<li>Cuota del gimnasio (2 meses) × 1</li>');
    expect(page).toContain(`Total: $ ${((fee * 2) / 100).toFixed(2)}`);
    const paymentId = await t.pay(start.body.checkoutUrl, 'approved');
    const payment = await eventually(
      () => t.db('membership_payments').where({ id_usuario: id }).first(),
      (p) => p !== undefined,
    );
    expect(payment).toEqual(expect.objectContaining({ method: 'mercadopago', months: 2, recorded_by: null }));
    expect(Number(payment.amount_centavos)).toBe(fee * 2);
    expect(t.fake.payments.get(paymentId)!.transaction_amount * 100).toBe(fee * 2);
    const after = (await t.db('memberships').where({ id_usuario: id }).first('paid_until')).paid_until;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect((await member.get('/v1/socio/mercadopago').expect(200)).body.pago).toEqual(
      expect.objectContaining({ outcome: 'aprobado', months: 2, amountCentavos: fee * 2 }),
    );
    await eventually(
      async () => sent.filter((m) => m.subject.startsWith('Tu recibo')).length,
      (n) => n > 0,
    );
    expect(sent.some((m) => m.subject.startsWith('Tu recibo') && m.attachments?.length === 1)).toBe(true);
    // Told again (the provider retries): still one payment.
    await t.fake.notify(paymentId, { times: 3 });
    expect(Number((await t.db('membership_payments').where({ id_usuario: id }).count({ n: '*' }))[0]!.n)).toBe(1);
  });
});

test('a renewal of one month reads "Cuota del gimnasio (1 mes)" on the provider\'s page', async () => {
  const [id] = await eligibleClients(t, 'mp-un-mes', 1);
  const member = await memberAgent(t, staff, sent, id!);
  const start = await member.post('/v1/socio/mercadopago').send({ meses: 1 }).expect(201);
  expect(await (await fetch(start.body.checkoutUrl)).text()).toContain('<li>Cuota del gimnasio (1 mes) × 1</li>');
});

describe('without Mercado Pago credentials', () => {
  test('the method is not offered, an order cannot choose it and there is no webhook', async () => {
    const plain = await createTestApp({ env: { MERCADOPAGO_ACCESS_TOKEN: '', MERCADOPAGO_WEBHOOK_SECRET: '' } });
    try {
      expect((await request(plain.app).get('/v1/site').expect(200)).body.mercadoPago).toBe(false);
      const res = await request(plain.app)
        .post('/v1/orders')
        .send({ comprador: buyer, pago: 'mercadopago', lineas: [{ producto: product._id, cantidad: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(pm.unavailable);
      expect((await request(plain.app).post('/v1/pagos/mercadopago/webhook').send({})).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
