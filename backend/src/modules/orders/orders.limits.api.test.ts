import request from 'supertest';
import { orderMessages as m, unitsPerVariantMessage, type Order } from '@gym/contracts/orders';
import type { Product } from '@gym/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInAs } from '../../test/role-agents';

/**
 * Hoarding: one anonymous buyer could hold a product's whole stock for days (four lines of 75 took
 * a 300-unit variant to 0, ten such orders per address every 10 minutes). With the defaults a shop
 * buyer takes at most 10 units of a size and colour and 30 per order, and holds at most 30 unpaid
 * units at once per e-mail and per address; staff who run orders sell beyond that at the desk.
 */
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async () => undefined }, env: { ORDER_MAX_PER_ADDRESS: '100000' } });
  staff = await t.staffAgent();
}, 60_000);
afterAll(() => t.close());

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const colours = ['negro', 'rojo', 'azul', 'gris'] as const;

async function bigStock(stock = 300): Promise<Product> {
  const body = {
    nombre: `Remera acopio ${unique()}`,
    categoria: ['indumentaria'],
    precio: 1000,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Mucho stock',
    portada: false,
    talle: ['m'],
    color: colours,
    variantes: colours.map((color) => ({ talle: 'm', color, stock })),
  };
  return (await staff.post('/v1/products').send(body).expect(201)).body.product as Product;
}

let addresses = 0;
/** A buyer of its own (e-mail) at an address of its own, unless told otherwise. */
function buyer(over: { email?: string; address?: string } = {}) {
  const a = ++addresses;
  return {
    email: over.email ?? `acopio.${unique()}@example.com`,
    address: over.address ?? `198.18.${Math.floor(a / 250)}.${(a % 250) + 1}`,
  };
}

const line = (p: Product, color: string, cantidad: number) => ({ producto: p._id, talle: 'm', color, cantidad });

function buy(who: { email: string; address: string }, lineas: object[]) {
  const comprador = { nombre: 'Acopio', apellido: 'Prueba', email: who.email, celular: '3815551234' };
  return request(t.app)
    .post('/v1/orders')
    .set('X-Forwarded-For', who.address)
    .send({ comprador, pago: 'efectivo', lineas });
}

const stocks = async (p: Product) =>
  (await t.db('product_variants').where({ product_id: p._id }).orderBy('color').select('color', 'stock')).map(
    (v: { color: string; stock: number }) => `${v.color}:${v.stock}`,
  );

describe('per order, for a shop buyer', () => {
  test('11 units of one size and colour: 409 saying the limit, the cart can adjust to 10, nothing taken', async () => {
    const p = await bigStock();
    const res = await buy(buyer(), [line(p, 'negro', 11)]).expect(409);
    const refused = { producto: p._id, talle: 'm', color: 'negro', disponible: 10, precio: 1000 };
    expect(res.body.error.message).toBe(unitsPerVariantMessage(p.nombre, refused, 10, 11));
    expect(res.body.error.message).toBe(
      `Podés comprar hasta 10 unidades de cada talle y color por pedido: pediste 11 de ${p.nombre} (talle M, color negro).`,
    );
    expect(res.body.error.lineas).toEqual([refused]);
    expect(await stocks(p)).toEqual(['azul:300', 'gris:300', 'negro:300', 'rojo:300']);
  });

  test('the same variant on several lines counts once merged: 6 + 6 is 12, refused', async () => {
    const p = await bigStock();
    const res = await buy(buyer(), [line(p, 'rojo', 6), line(p, 'rojo', 6)]).expect(409);
    expect(res.body.error.message).toMatch(/^Podés comprar hasta 10 unidades de cada talle y color por pedido/);
  });

  test('a hoarding order (4 lines × 75 of one variant) is refused and the variant keeps its 300', async () => {
    const p = await bigStock();
    const res = await buy(
      buyer(),
      Array.from({ length: 4 }, () => line(p, 'negro', 75)),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await stocks(p)).toEqual(['azul:300', 'gris:300', 'negro:300', 'rojo:300']);
  });

  test('40 units over four variants: 409 "hasta 30 unidades por pedido", nothing taken', async () => {
    const p = await bigStock();
    const res = await buy(
      buyer(),
      colours.map((c) => line(p, c, 10)),
    ).expect(409);
    expect(res.body.error).toEqual({ message: 'Podés comprar hasta 30 unidades por pedido.' });
    expect(await stocks(p)).toEqual(['azul:300', 'gris:300', 'negro:300', 'rojo:300']);
  });

  test('exactly at the limits (10 + 10 + 10) is an order', async () => {
    const p = await bigStock();
    await buy(buyer(), [line(p, 'negro', 10), line(p, 'rojo', 10), line(p, 'azul', 10)]).expect(201);
  });
});

describe('unpaid units held at once', () => {
  test('past 30 per e-mail or per address: 429 saying the cap and what is left; paying frees them', async () => {
    const p = await bigStock();
    const first = buyer();
    const held = (await buy(first, [line(p, 'negro', 10), line(p, 'rojo', 10)]).expect(201)).body.order as Order;
    await buy(first, [line(p, 'azul', 5)]).expect(201);

    const again = await buy(first, [line(p, 'gris', 6)]).expect(429);
    expect(again.body.error.message).toBe(
      'Podés tener hasta 30 unidades reservadas en pedidos sin pagar. Ahora podés pedir hasta 5 más, o pagar los pedidos pendientes en recepción.',
    );
    expect(again.headers['retry-after']).toBe('900');
    const sameAddress = await buy(buyer({ address: first.address }), [line(p, 'gris', 6)]).expect(429);
    expect(sameAddress.body.error.message).toBe(m.unpaidUnits(30, 5));
    await buy(buyer({ email: first.email }), [line(p, 'gris', 6)]).expect(429);
    await buy(buyer(), [line(p, 'gris', 6)]).expect(201);
    await buy(first, [line(p, 'gris', 5)]).expect(201);
    expect((await buy(first, [line(p, 'gris', 1)]).expect(429)).body.error.message).toBe(
      'Podés tener hasta 30 unidades reservadas en pedidos sin pagar. Pagá los pedidos pendientes en recepción para hacer otro.',
    );

    await staff.post(`/v1/orders/${held.numero}/estado`).send({ estado: 'pagado' }).expect(200);
    await buy(first, [line(p, 'gris', 10), line(p, 'negro', 10)]).expect(201);
    expect(await stocks(p)).toEqual(['azul:295', 'gris:279', 'negro:280', 'rojo:290']);
  });

  test('ten 30-unit orders from one address with ten e-mails: one is made', async () => {
    const p = await bigStock();
    const address = buyer().address;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await buy(buyer({ address }), [line(p, 'negro', 10), line(p, 'rojo', 10), line(p, 'azul', 10)]);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, ...Array<number>(9).fill(429)]);
    expect(await stocks(p)).toEqual(['azul:290', 'gris:300', 'negro:290', 'rojo:290']);
  });

  test.each([
    ['one address', (i: number) => buyer({ address: '203.0.113.77', email: `rafaga.${i}.${unique()}@example.com` })],
    ['one e-mail', (i: number) => buyer({ address: `203.0.113.${100 + i}`, email: 'rafaga.unica@example.com' })],
  ])('ten orders of 4 units sent at once from %s: the units held never pass 30', async (_name, who) => {
    const p = await bigStock();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buy(who(i), [line(p, colours[i % 4]!, 4)])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(7).fill(201), ...Array<number>(3).fill(429)]);
    const sold = await t.db('order_lines').where({ product_id: p._id }).sum({ s: 'cantidad' }).first();
    expect(Number(sold?.s)).toBe(28);
    const left = (await t.db('product_variants').where({ product_id: p._id }).sum({ s: 'stock' }).first())?.s;
    expect(Number(left)).toBe(4 * 300 - 28);
  });
});

describe('staff selling at the desk', () => {
  test('an owner or reception session sells past every shop limit; a trainer’s session is a shop buyer', async () => {
    const p = await bigStock();
    const comprador = { nombre: 'Venta', apellido: 'Mostrador', email: 'mostrador@example.com', celular: '3815551234' };
    const big = { comprador, pago: 'efectivo', lineas: [line(p, 'negro', 50), line(p, 'rojo', 40)] };
    await staff.post('/v1/orders').send(big).expect(201);
    const { agent: reception } = await signedInAs(t, 'recepcion');
    await reception.post('/v1/orders').send(big).expect(201);
    const { agent: trainer } = await signedInAs(t, 'entrenador');
    expect((await trainer.post('/v1/orders').send(big).expect(409)).body.error.message).toBe(m.unitsPerOrder(30));
    expect(await stocks(p)).toEqual(['azul:300', 'gris:300', 'negro:200', 'rojo:220']);
  });

  test('the per-line limit of 99 holds for staff too', async () => {
    const p = await bigStock();
    const comprador = { nombre: 'Venta', apellido: 'Mostrador', email: 'mostrador@example.com', celular: '3815551234' };
    const res = await staff
      .post('/v1/orders')
      .send({ comprador, pago: 'efectivo', lineas: [line(p, 'negro', 99), line(p, 'negro', 99), line(p, 'negro', 99)] })
      .expect(400);
    expect(res.body.error.message).toBe(m.cantidadInvalid);
    expect(await stocks(p)).toEqual(['azul:300', 'gris:300', 'negro:300', 'rojo:300']);
  });
});

test('the limits are settings: ORDER_MAX_UNITS_PER_VARIANT, ORDER_MAX_UNITS, ORDER_MAX_UNPAID_UNITS', async () => {
  const other = await createTestApp({
    mailer: { send: async () => undefined },
    env: { ORDER_MAX_UNITS_PER_VARIANT: '2', ORDER_MAX_UNITS: '3', ORDER_MAX_UNPAID_UNITS: '4' },
  });
  try {
    const [{ id }] = await other.db('products').select('id').limit(1);
    const v = await other.db('product_variants').where({ product_id: id }).orderBy('stock', 'desc').first();
    const comprador = { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz@example.com', celular: '3815551234' };
    const send = (cantidad: number) =>
      request(other.app)
        .post('/v1/orders')
        .send({ comprador, pago: 'efectivo', lineas: [{ producto: id, talle: v.talle, color: v.color, cantidad }] });
    expect((await send(4).expect(409)).body.error.message).toBe(m.unitsPerOrder(3));
    expect((await send(3).expect(409)).body.error.message).toMatch(/^Podés comprar hasta 2 unidades de cada talle/);
    await other.db('product_variants').where({ id: v.id }).update({ stock: 100 });
    await send(2).expect(201);
    await send(2).expect(201);
    expect((await send(1).expect(429)).body.error.message).toBe(m.unpaidUnits(4, 0));
  } finally {
    await other.close();
  }
});
