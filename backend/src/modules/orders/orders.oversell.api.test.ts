import request from 'supertest';
import type { Product } from '@gym/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * No oversell, measured. On a PostgreSQL server (DATABASE_URL) the buyers really are concurrent:
 * the API's pool runs their transactions at once. PGlite has one connection, so there a smaller
 * sequential run checks the same arithmetic.
 */
const onServer = Boolean(process.env.DATABASE_URL);
const serverOnly = onServer ? describe : describe.skip;
const pgliteOnly = onServer ? describe.skip : describe;

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async () => undefined },
    // Every buyer here shares one address and e-mail: without the unpaid-units cap (which would
    // serialise them on the buyer's lock) the variant locks alone must prevent oversell.
    env: { ORDER_MAX_PER_ADDRESS: '100000', ORDER_MAX_UNPAID_UNITS: 'off' },
  });
  staff = await t.staffAgent();
}, 60_000);
afterAll(() => t.close());

const buyer = { nombre: 'Comprador', apellido: 'Apurado', email: 'compra@example.com', celular: '3815551234' };

async function productWith(talle: string[], color: string[], stock: number): Promise<Product> {
  const variantes = talle.flatMap((tl) => color.map((c) => ({ talle: tl, color: c, stock })));
  const body = {
    nombre: `Oferta ${Math.random().toString(36).slice(2, 8)}`,
    categoria: ['indumentaria'],
    precio: 1000,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Última unidad',
    portada: false,
    talle,
    color,
    variantes,
  };
  return (await staff.post('/v1/products').send(body).expect(201)).body.product as Product;
}

const buy = (producto: string, talle: string, color: string, cantidad = 1) =>
  request(t.app)
    .post('/v1/orders')
    .send({ comprador: buyer, pago: 'efectivo', lineas: [{ producto, talle, color, cantidad }] });

const variantStock = async (productId: string) =>
  (await t.db('product_variants').where({ product_id: productId }).select('talle', 'color', 'stock')) as {
    talle: string;
    color: string;
    stock: number;
  }[];

async function lastUnits(buyers: number, units: number) {
  const p = await productWith(['m'], ['negro'], units);
  const answers = await Promise.all(Array.from({ length: buyers }, () => buy(p._id, 'm', 'negro')));
  const statuses = answers.map((a) => a.status);
  const refused = answers.filter((a) => a.status === 409);
  for (const r of refused)
    expect(r.body.error.message).toBe(
      `No hay stock suficiente de ${p.nombre} (talle M, color negro): pediste 1 y no queda stock.`,
    );
  const orders = await t.db('order_lines').where({ product_id: p._id }).count({ c: '*' }).first();
  return { statuses, orders: Number(orders?.c), stock: (await variantStock(p._id))[0]!.stock };
}

serverOnly('no oversell on the PostgreSQL server', () => {
  test('50 concurrent buyers for 5 units: exactly 5 orders, stock 0, 45 clear 409s; 20 times', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { statuses, orders, stock } = await lastUnits(50, 5);
      expect({
        round,
        ok: statuses.filter((s) => s === 201).length,
        refused: statuses.filter((s) => s === 409).length,
        orders,
        stock,
      }).toEqual({
        round,
        ok: 5,
        refused: 45,
        orders: 5,
        stock: 0,
      });
    }
  }, 300_000);

  test('200 concurrent orders over 20 variants: final stock is initial minus sold, never negative', async () => {
    const sizes = ['xs', 's', 'm', 'l', 'xl'];
    const colours = ['azul', 'negro', 'gris', 'rojo'];
    const p = await productWith(sizes, colours, 7);
    const asks = Array.from({ length: 200 }, (_, i) => ({
      talle: sizes[i % 5]!,
      color: colours[Math.floor(i / 5) % 4]!,
      cantidad: 1 + (i % 3),
    }));
    const answers = await Promise.all(asks.map((a) => buy(p._id, a.talle, a.color, a.cantidad)));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const final = await variantStock(p._id);
    for (const v of final) {
      const sold = asks.reduce(
        (sum, a, i) =>
          sum + (answers[i]!.status === 201 && a.talle === v.talle && a.color === v.color ? a.cantidad : 0),
        0,
      );
      const lines = await t
        .db('order_lines')
        .where({ product_id: p._id, talle: v.talle, color: v.color })
        .sum({ s: 'cantidad' })
        .first();
      expect({ variant: `${v.talle}/${v.color}`, stock: v.stock, inOrders: Number(lines?.s ?? 0) }).toEqual({
        variant: `${v.talle}/${v.color}`,
        stock: 7 - sold,
        inOrders: sold,
      });
      expect(v.stock).toBeGreaterThanOrEqual(0);
    }
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(20);
  }, 120_000);
});

pgliteOnly('no oversell, sequentially on PGlite', () => {
  test('8 buyers one after another for 5 units: 5 orders, stock 0, 3 clear 409s', async () => {
    const p = await productWith(['m'], ['negro'], 5);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await buy(p._id, 'm', 'negro')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect((await variantStock(p._id))[0]!.stock).toBe(0);
  });

  test('8 buyers at once (one connection serialises them): still 5 orders and stock 0', async () => {
    const { statuses, orders, stock } = await lastUnits(8, 5);
    expect({ ok: statuses.filter((s) => s === 201).length, orders, stock }).toEqual({ ok: 5, orders: 5, stock: 0 });
  });
});
