import request from 'supertest';
import { formatPrice } from '@gym/contracts/format';
import { httpMessages, productMessages } from '@gym/contracts/messages';
import { orderGuide as g, orderMessages as m, type Order, type OrderConflictLine } from '@gym/contracts/orders';
import type { Product } from '@gym/contracts/products';
import type { OutgoingMail } from '../../shared/mailer';
import { createTestApp, eventually, type TestApp } from '../../test/test-app';

const sent: OutgoingMail[] = [];
/** When set, every mail fails as an SMTP server that is down would. */
let mailDown = false;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      send: async (mail) => {
        if (mailDown) throw new Error('SMTP down');
        sent.push(mail);
      },
    },
    // One buyer places every order here: the unpaid-units cap has its own tests (orders.limits.api.test.ts).
    env: {
      ORDER_MAX_PER_ADDRESS: '1000',
      ORDER_MAX_UNPAID_UNITS: 'off',
      TRANSFER_ALIAS: 'gym.prueba.mp',
      TRANSFER_CBU: '0110599520000001234567',
      WHATSAPP_NUMBER: '5493815550123',
      SITE_URL: 'https://gimnasio.test',
      GYM_ADDRESS: 'Congreso 250, San Miguel de Tucumán',
      PICKUP_HOURS: 'en recepción, de lunes a viernes de 9 a 20',
    },
  });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

/** The mails sent once at least `count` have gone out (they may go after the answer), or after 10 s. */
const mailed = (count: number) =>
  eventually(
    async () => [...sent],
    (mails) => mails.length >= count,
  );
/**
 * Both mails of order `numero` out (so none of an earlier order is still to come: they go out in
 * the order they were queued), before a test clears `sent` to watch the next one.
 */
const bothMailsOf = (numero: string) =>
  eventually(
    async () => sent.filter((mail) => mail.subject.includes(numero)),
    (mails) => mails.length >= 2,
  );

let n = 0;
async function aProduct(over: Record<string, unknown> = {}): Promise<Product> {
  const body = {
    nombre: `Remera ${++n}`,
    categoria: ['indumentaria'],
    precio: 1500.5,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Remera de prueba',
    portada: false,
    talle: ['s', 'm'],
    color: ['negro', 'rojo'],
    variantes: [
      { talle: 's', color: 'negro', stock: 3 },
      { talle: 'm', color: 'negro', stock: 1 },
      { talle: 'm', color: 'rojo', stock: 0 },
    ],
    ...over,
  };
  return (await staff.post('/v1/products').send(body).expect(201)).body.product as Product;
}

const buyer = { nombre: 'Ana María', apellido: 'Pérez', email: 'Ana.Perez@Example.com', celular: '+54 9 381 555-1234' };
const order = (lineas: object[], over: object = {}) => ({ comprador: buyer, pago: 'efectivo', lineas, ...over });
const stockOf = async (id: string) =>
  ((await request(t.app).get(`/v1/product/${id}`).expect(200)).body.product as Product).variantes;

describe('variants on products', () => {
  test('the grid comes back in the product order, missing combinations at 0, stock as the sum', async () => {
    const p = await aProduct();
    expect(p.variantes).toEqual([
      { talle: 's', color: 'negro', stock: 3 },
      { talle: 's', color: 'rojo', stock: 0 },
      { talle: 'm', color: 'negro', stock: 1 },
      { talle: 'm', color: 'rojo', stock: 0 },
    ]);
    expect(p.stock).toBe(4);
  });

  test('the spec body (stock only) spreads the stock over the grid without losing a unit', async () => {
    const p = await aProduct({ variantes: undefined, stock: 7 });
    expect(p.variantes.map((v) => v.stock)).toEqual([2, 2, 2, 1]);
    expect(p.stock).toBe(7);
    const edited = (
      await staff
        .put(`/v1/product/${p._id}`)
        .send({ ...p, _id: undefined, variantes: undefined, stock: 9 })
        .expect(200)
    ).body.product as Product;
    expect(edited.variantes.map((v) => v.stock)).toEqual([4, 2, 2, 1]);
  });

  test('a variant the product does not sell is 400 with the Spanish rule', async () => {
    const res = await staff
      .post('/v1/products')
      .send({
        nombre: 'Mal',
        categoria: ['indumentaria'],
        precio: 10,
        imagen: '/x.svg',
        descripcion: 'x',
        portada: false,
        talle: ['s'],
        color: [],
        variantes: [{ talle: 'xl', color: null, stock: 2 }],
      })
      .expect(400);
    expect(res.body.error.message).toBe(productMessages.variantesInvalid);
  });

  test('a product without sizes or colours keeps one stock', async () => {
    const p = await aProduct({ talle: [], color: [], variantes: undefined, stock: 5 });
    expect(p.variantes).toEqual([{ talle: null, color: null, stock: 5 }]);
  });
});

describe('POST /v1/orders', () => {
  test('the server computes prices and totals, takes the stock, answers 201 with number and token', async () => {
    const p = await aProduct();
    sent.length = 0;
    const res = await request(t.app)
      .post('/v1/orders')
      .send(
        order(
          [{ producto: p._id, talle: 's', color: 'negro', cantidad: 2, precio: 1 }].map(({ precio: _, ...l }) => l),
        ),
      )
      .expect(201);
    const o = res.body.order as Order;
    expect(o).toMatchObject({
      numero: expect.stringMatching(/^G-\d{6}$/),
      token: expect.stringMatching(/^[\w-]{32}$/),
      estado: 'pendiente',
      total: 3001,
      lineas: [
        { producto: p._id, nombre: p.nombre, talle: 's', color: 'negro', cantidad: 2, precio: 1500.5, subtotal: 3001 },
      ],
      comprador: { ...buyer, email: 'ana.perez@example.com', celular: '3815551234' },
      pago: 'efectivo',
    });
    expect((await stockOf(p._id))[0]).toEqual({ talle: 's', color: 'negro', stock: 1 });
    const row = await t.db('product_variants').where({ product_id: p._id, talle: 's', color: 'negro' }).first();
    expect(row.stock).toBe(1);
    expect((await mailed(2)).map((mail) => mail.to.address).sort()).toEqual([
      'ana.perez@example.com',
      'ventas@gym.local',
    ]);
    expect(sent.find((mail) => mail.to.address === 'ana.perez@example.com')?.text).toContain(
      `/pedido/${o.numero}?t=${o.token}`,
    );
  });

  test('a sale shows in the next catalogue read (the cache sees variant changes)', async () => {
    const p = await aProduct();
    const url = `/v1/products?categoria=indumentaria&sort=precio_asc&page=1&limit=100`;
    for (let i = 0; i < 2; i += 1) await request(t.app).get(url).expect(200);
    await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: p._id, talle: 'm', color: 'negro', cantidad: 1 }]))
      .expect(201);
    const listed = (await request(t.app).get(url).expect(200)).body.products as Product[];
    expect(listed.find((x) => x._id === p._id)?.stock).toBe(3);
    expect((await stockOf(p._id))[2]).toEqual({ talle: 'm', color: 'negro', stock: 0 });
  });

  test('short stock is 409 naming product, size, colour and what is left; nothing is taken', async () => {
    const p = await aProduct();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(
        order([
          { producto: p._id, talle: 's', color: 'negro', cantidad: 1 },
          { producto: p._id, talle: 'm', color: 'negro', cantidad: 2 },
        ]),
      )
      .expect(409);
    expect(res.body.error.message).toBe(
      `No hay stock suficiente de ${p.nombre} (talle M, color negro): pediste 2 y queda 1.`,
    );
    expect(res.body.error.lineas).toEqual<OrderConflictLine[]>([
      { producto: p._id, talle: 'm', color: 'negro', disponible: 1, precio: 1500.5 },
    ]);
    expect((await stockOf(p._id)).map((v) => v.stock)).toEqual([3, 0, 1, 0]);
    expect(await t.db('orders').where('total_centavos', '<', 0).first()).toBeUndefined();
  });

  test('a combination with no stock at all says so', async () => {
    const p = await aProduct();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: p._id, talle: 'm', color: 'rojo', cantidad: 1 }]))
      .expect(409);
    expect(res.body.error.message).toBe(
      `No hay stock suficiente de ${p.nombre} (talle M, color rojo): pediste 1 y no queda stock.`,
    );
  });

  test('a price that changed since the cart is 409 with the price now', async () => {
    const p = await aProduct();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: p._id, talle: 's', color: 'negro', cantidad: 1, precio: 1400 }]))
      .expect(409);
    expect(res.body.error.message).toBe(
      `El precio de ${p.nombre} (talle S, color negro) cambió: ahora es ${formatPrice(1500.5)}.`,
    );
    expect(res.body.error.lineas).toEqual([
      { producto: p._id, talle: 's', color: 'negro', disponible: 3, precio: 1500.5 },
    ]);
    expect((await stockOf(p._id))[0]!.stock).toBe(3);
  });

  test('three lines of 99 of one variant are one line of 297: 400 with the per-line rule, even for staff', async () => {
    const p = await aProduct({ variantes: [{ talle: 's', color: 'negro', stock: 300 }] });
    const line = { producto: p._id, talle: 's', color: 'negro', cantidad: 99 };
    const res = await staff
      .post('/v1/orders')
      .send(order([line, line, line]))
      .expect(400);
    expect(res.body.error).toEqual({ message: m.cantidadInvalid, fields: { lineas: m.cantidadInvalid } });
    expect((await stockOf(p._id))[0]!.stock).toBe(300);
  });

  test('a stale price on any line merged into one is 409, as it is on a line alone', async () => {
    const p = await aProduct();
    const line = { producto: p._id, talle: 's', color: 'negro', cantidad: 1 };
    const res = await request(t.app)
      .post('/v1/orders')
      .send(
        order([
          { ...line, precio: 1500.5 },
          { ...line, precio: 1400 },
        ]),
      )
      .expect(409);
    expect(res.body.error.message).toBe(
      `El precio de ${p.nombre} (talle S, color negro) cambió: ahora es ${formatPrice(1500.5)}.`,
    );
    expect(res.body.error.lineas).toEqual([
      { producto: p._id, talle: 's', color: 'negro', disponible: 3, precio: 1500.5 },
    ]);
    expect((await stockOf(p._id))[0]!.stock).toBe(3);
    await request(t.app)
      .post('/v1/orders')
      .send(order([{ ...line, precio: 1500.5 }, line]))
      .expect(201);
  });

  test.each([
    ['no lines', { lineas: [] }, m.lineasRequired],
    ['a bad e-mail', { comprador: { ...buyer, email: 'ana@' } }, m.emailInvalid],
    ['a bad mobile', { comprador: { ...buyer, celular: '12345' } }, m.celularInvalid],
    ['a name with digits', { comprador: { ...buyer, nombre: 'Ana 2' } }, m.nombreInvalid],
    ['no payment', { pago: 'tarjeta' }, m.pagoRequired],
    [
      'a quantity of 0',
      { lineas: [{ producto: '00000000-0000-4000-8000-000000000000', cantidad: 0 }] },
      m.cantidadInvalid,
    ],
  ])('%s is 400 with the Spanish rule and nothing changes', async (_name, over, message) => {
    const before = await t.db('orders').count({ c: '*' }).first();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: '00000000-0000-4000-8000-000000000000', cantidad: 1 }], over))
      .expect(400);
    expect(res.body.error.message).toBe(message);
    expect(await t.db('orders').count({ c: '*' }).first()).toEqual(before);
  });

  test('an unknown product or combination is 400', async () => {
    const p = await aProduct();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: p._id, talle: 'xl', color: 'negro', cantidad: 1 }]))
      .expect(400);
    expect(res.body.error.message).toBe(m.productGone);
  });

  test('the same Idempotency-Key twice (even at once) is one order and one sale', async () => {
    const p = await aProduct();
    const body = order([{ producto: p._id, talle: 's', color: 'negro', cantidad: 1 }]);
    const send = () => request(t.app).post('/v1/orders').set('Idempotency-Key', `clave-${p._id}`).send(body);
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.order.numero, b.body.order.numero, c.body.order.numero]).size).toBe(1);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect((await stockOf(p._id))[0]!.stock).toBe(2);
    const reused = await request(t.app)
      .post('/v1/orders')
      .set('Idempotency-Key', `clave-${p._id}`)
      .send({ ...body, pago: 'transferencia' })
      .expect(409);
    expect(reused.body.error.message).toBe(m.idempotencyReused);
  });

  test('the per-address limit answers 429 with the Spanish text', async () => {
    const limited = await createTestApp({ env: { ORDER_MAX_PER_ADDRESS: '2' } });
    try {
      const [{ id }] = await limited.db('products').select('id').limit(1);
      const variant = await limited.db('product_variants').where({ product_id: id }).orderBy('stock', 'desc').first();
      const body = order([{ producto: id, talle: variant.talle, color: variant.color, cantidad: 1 }]);
      // Counted before the order is made (orders.guards.ts): the third is refused at once, no wait.
      for (let i = 0; i < 2; i += 1) await request(limited.app).post('/v1/orders').send(body).expect(201);
      const res = await request(limited.app).post('/v1/orders').send(body).expect(429);
      expect(res.body.error.message).toBe(m.tooMany);
    } finally {
      await limited.close();
    }
  });
});

test('orders sent together from one address: at most the limit are made, the rest are 429', async () => {
  const limited = await createTestApp({ env: { ORDER_MAX_PER_ADDRESS: '3' } });
  try {
    const [{ id }] = await limited.db('products').select('id').limit(1);
    const variant = await limited.db('product_variants').where({ product_id: id }).orderBy('stock', 'desc').first();
    const body = order([{ producto: id, talle: variant.talle, color: variant.color, cantidad: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => request(limited.app).post('/v1/orders').send(body)),
    );
    const made = answers.filter((res) => res.status === 201).length;
    expect(made).toBeLessThanOrEqual(3);
    expect(made).toBeGreaterThan(0);
    expect(answers.every((res) => res.status === 201 || res.status === 429)).toBe(true);
    expect(Number((await limited.db('orders').count({ n: '*' }).first())?.n)).toBe(made);
  } finally {
    await limited.close();
  }
});

describe('the buyer reads the order', () => {
  test('with its token: status, lines, total and where to transfer; without it 404', async () => {
    const p = await aProduct();
    const placed = (
      await request(t.app)
        .post('/v1/orders')
        .send(order([{ producto: p._id, talle: 's', color: 'negro', cantidad: 1 }], { pago: 'transferencia' }))
        .expect(201)
    ).body.order as Order;
    const res = await request(t.app).get(`/v1/orders/${placed.numero}?t=${placed.token}`).expect(200);
    expect(res.body.order).toMatchObject({
      numero: placed.numero,
      estado: 'pendiente',
      total: 1500.5,
      transferencia: { alias: 'gym.prueba.mp', cbu: '0110599520000001234567' },
    });
    expect(res.body.order.token).toBeUndefined();
    // The last character changed (a token ending in "x" must not get "x" again: 1 run in 64).
    const wrong = `${placed.token!.slice(0, -1)}${placed.token!.endsWith('x') ? 'y' : 'x'}`;
    for (const query of ['', '?t=', `?t=${wrong}`]) {
      const denied = await request(t.app).get(`/v1/orders/${placed.numero}${query}`).expect(404);
      expect(denied.body).toEqual({ error: { message: m.notFound } });
    }
  });
});

describe('staff side', () => {
  async function placed(cantidad = 1) {
    const p = await aProduct();
    const o = (
      await request(t.app)
        .post('/v1/orders')
        .send(order([{ producto: p._id, talle: 's', color: 'negro', cantidad }]))
        .expect(201)
    ).body.order as Order;
    return { p, o };
  }

  test('pendiente → pagado → entregado, who and when recorded; a step back is 409', async () => {
    const { o } = await placed();
    const paid = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pagado' }).expect(200);
    expect(paid.body.order).toMatchObject({
      estado: 'pagado',
      pagado: { at: expect.any(String), por: expect.any(String) },
    });
    const done = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'entregado' }).expect(200);
    expect(done.body.order.estado).toBe('entregado');
    const back = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pagado' }).expect(409);
    expect(back.body.error.message).toBe(m.transitionRefused('entregado', 'pagado'));
    const cancel = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'cancelado' }).expect(409);
    expect(cancel.body.error.message).toBe('Un pedido entregado no puede pasar a cancelado');
    const row = await t.db('orders').where({ numero: o.numero }).first();
    expect(row.entregado_por).toBeTruthy();
    expect(row.pagado_at).toBeInstanceOf(Date);
  });

  test('cancelling returns the stock to its variant', async () => {
    const { p, o } = await placed(2);
    expect((await stockOf(p._id))[0]!.stock).toBe(1);
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    expect((await stockOf(p._id))[0]!.stock).toBe(3);
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'cancelado' }).expect(409);
    expect((await stockOf(p._id))[0]!.stock).toBe(3);
  });

  test('a step back to pendiente is the 409 of a step the workflow does not allow, never a 500', async () => {
    const { o } = await placed();
    const same = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pendiente' }).expect(409);
    expect(same.body).toEqual({ error: { message: 'Un pedido pendiente no puede pasar a pendiente' } });
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pagado' }).expect(200);
    const back = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pendiente' }).expect(409);
    expect(back.body).toEqual({ error: { message: m.transitionRefused('pagado', 'pendiente') } });
    expect((await t.db('orders').where({ numero: o.numero }).first()).estado).toBe('pagado');
  });

  test('each step’s audit row holds the real state before and the total: a paid order cancelled is a refund', async () => {
    const audit = async (numero: string) =>
      (await t.db('audit_log').where({ entity: 'pedido', entity_id: numero }).orderBy('id')).map((r) => ({
        action: r.action,
        before: r.before,
        after: r.after,
        actor: r.actor_email,
      }));
    const { o: unpaid } = await placed(2);
    await staff.post(`/v1/orders/${unpaid.numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    expect(await audit(unpaid.numero)).toEqual([
      {
        action: 'cambiar_estado',
        before: { estado: 'pendiente', total: 3001 },
        after: { estado: 'cancelado', total: 3001 },
        actor: 'admin@prueba.test',
      },
    ]);

    const { o: paid } = await placed(1);
    for (const estado of ['pagado', 'cancelado'])
      await staff.post(`/v1/orders/${paid.numero}/estado`).send({ estado }).expect(200);
    expect((await audit(paid.numero)).map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { estado: 'pendiente', total: 1500.5 }, after: { estado: 'pagado', total: 1500.5 } },
      { before: { estado: 'pagado', total: 1500.5 }, after: { estado: 'cancelado', total: 1500.5 } },
    ]);

    const { o: delivered } = await placed(1);
    for (const estado of ['pagado', 'entregado'])
      await staff.post(`/v1/orders/${delivered.numero}/estado`).send({ estado }).expect(200);
    expect((await audit(delivered.numero))[1]).toMatchObject({
      before: { estado: 'pagado', total: 1500.5 },
      after: { estado: 'entregado', total: 1500.5 },
    });
  });

  test('an unknown state is 400, an unknown order 404', async () => {
    const { o } = await placed();
    expect(
      (await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'perdido' }).expect(400)).body.error.message,
    ).toBe(m.estadoInvalid);
    await staff.post('/v1/orders/G-999999/estado').send({ estado: 'pagado' }).expect(404);
  });

  test('the list filters by state and searches by number, name or e-mail, with paging', async () => {
    const { o } = await placed();
    const all = await staff.get('/v1/orders?limit=2&page=1').expect(200);
    expect(all.body).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(all.body.orders).toHaveLength(2);
    const found = await staff.get(`/v1/orders?q=${o.numero}`).expect(200);
    expect(found.body.orders.map((x: Order) => x.numero)).toEqual([o.numero]);
    const byName = await staff.get('/v1/orders?q=ana%20mar&estado=pendiente').expect(200);
    expect(byName.body.orders.every((x: Order) => x.estado === 'pendiente')).toBe(true);
    expect(byName.body.total).toBeGreaterThan(0);
    const detail = await staff.get(`/v1/orders/${o.numero}`).expect(200);
    expect(detail.body.order.numero).toBe(o.numero);
    await staff.get('/v1/orders?estado=otro').expect(400);
  });

  test('visitors get 401 on the staff routes', async () => {
    const res = await request(t.app).get('/v1/orders').expect(401);
    expect(res.body.error.message).toBe(httpMessages.unauthorized);
    await request(t.app).post('/v1/orders/G-000001/estado').send({ estado: 'pagado' }).expect(401);
  });
});

describe('what the buyer is told by e-mail', () => {
  const WHERE = 'Congreso 250, San Miguel de Tucumán, en recepción, de lunes a viernes de 9 a 20';
  const toBuyer = () => sent.filter((mail) => mail.to.address === 'ana.perez@example.com');
  /** The buyer's mails once one has gone out (mails go after the answer), or after 10 s. */
  const buyerMails = () =>
    eventually(
      async () => toBuyer(),
      (mails) => mails.length > 0,
    );
  async function place(pago: 'efectivo' | 'transferencia') {
    const p = await aProduct();
    const res = await request(t.app)
      .post('/v1/orders')
      .send(order([{ producto: p._id, talle: 's', color: 'negro', cantidad: 2 }], { pago }))
      .expect(201);
    return res.body.order as Order;
  }

  test('cash: one thing, pay at pickup, with the address and hours; no transfer text', async () => {
    sent.length = 0;
    await place('efectivo');
    const [mail] = await buyerMails();
    expect(mail!.text).toContain(`${g.cash}\n${g.pickupCash} ${WHERE}.`);
    expect(mail!.text).not.toMatch(/Transfer|alias|CBU|comprobante|cuando figure como pagado/i);
  });

  test('transfer: the account, where the receipt goes (e-mail and WhatsApp), and where it is picked up', async () => {
    sent.length = 0;
    const o = await place('transferencia');
    const text = (await buyerMails())[0]!.text;
    expect(text).toContain(g.transfer(3001));
    expect(text).toContain('Alias: gym.prueba.mp\nCBU: 0110599520000001234567\nTitular: Gimnasio Tucumán');
    expect(text).toContain(
      'Mandá el comprobante con el número de pedido a ventas@gym.local o por WhatsApp al +5493815550123.',
    );
    expect(text).toContain(`${g.pickupTransfer} ${WHERE}.`);
    expect(text).toContain(`Podés ver tu pedido en https://gimnasio.test/pedido/${o.numero}?t=${o.token}`);
  });

  test('marked pagado: the buyer is told it is ready to pick up, where and when, with the link', async () => {
    sent.length = 0;
    const o = await place('transferencia');
    await bothMailsOf(o.numero);
    sent.length = 0;
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pagado' }).expect(200);
    expect(await mailed(1)).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: { address: 'ana.perez@example.com' }, subject: m.readySubject(o.numero) });
    expect(sent[0]!.subject).toBe(`Tu pedido ${o.numero} está listo para retirar`);
    expect(sent[0]!.text).toContain(`${g.ready(o.numero)}\n${g.readyWhere} ${WHERE}.`);
    expect(sent[0]!.text).toContain(`/pedido/${o.numero}?t=${o.token}`);
    sent.length = 0;
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'entregado' }).expect(200);
    // No mail is nothing to wait for, so a later one marks the time: an order placed after it. Mails
    // go out in the order their requests made them; once its two are out, there is nothing before them.
    const next = await place('efectivo');
    expect((await mailed(2)).map((mail) => mail.subject)).toEqual([
      m.buyerSubject(next.numero),
      m.gymSubject(next.numero),
    ]);
  });

  test('cancelled by staff: the buyer is told, with whom to write if they already paid', async () => {
    sent.length = 0;
    const o = await place('efectivo');
    await bothMailsOf(o.numero);
    sent.length = 0;
    await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    expect(await mailed(1)).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: { address: 'ana.perez@example.com' }, subject: m.cancelledSubject(o.numero) });
    expect(sent[0]!.text).toContain(
      `Cancelamos tu pedido ${o.numero} y sus productos volvieron al stock.\n` +
        'Si ya pagaste o tenés dudas, escribinos a ventas@gym.local o por WhatsApp al +5493815550123.',
    );
    expect(sent[0]!.text).not.toContain(g.cancelledUnpaid);
  });

  test('a mail that fails is kept to try again and the state change stands', async () => {
    sent.length = 0;
    const o = await place('efectivo');
    await bothMailsOf(o.numero);
    const kept = () =>
      t
        .db('message_outbox')
        .where({ subject: m.readySubject(o.numero) })
        .select('to_address', 'status', 'idempotency_key', 'last_error');
    mailDown = true;
    try {
      const res = await staff.post(`/v1/orders/${o.numero}/estado`).send({ estado: 'pagado' }).expect(200);
      expect(res.body.order.estado).toBe('pagado');
      // Queued with the state change; its first try fails after the answer and it waits for the job.
      expect(await eventually(kept, (rows) => rows[0]?.last_error !== null)).toEqual([
        {
          to_address: 'ana.perez@example.com',
          status: 'queued',
          idempotency_key: `pedido:${o.numero}:pagado:comprador`,
          last_error: 'SMTP down',
        },
      ]);
    } finally {
      mailDown = false;
    }
    expect((await t.db('orders').where({ numero: o.numero }).first()).estado).toBe('pagado');
  });
});
