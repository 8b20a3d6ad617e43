import type { Knex } from 'knex';
import { createTestDatabase, migrateUpTo } from '../../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

const counts = async () =>
  (await db('product_facet_counts').orderBy(['categoria', 'talle', 'color', 'bucket', 'portada']).select()).map((r) => [
    r.categoria,
    r.talle,
    r.color,
    r.bucket,
    r.portada,
    Number(r.n),
  ]);

test('migration 0019_money_centavos turns every price and total of the previous release into exact centavos', async () => {
  await migrateUpTo(db, '0019_money_centavos');
  // Prices on both sides of each bucket's edge, in pesos as the previous release stored them.
  const prices = [1, 1500, 1500.01, 3000, 4500.5, 6000, 6000.01, 99999.99];
  const products: { id: string }[] = await db('products')
    .insert(
      prices.map((precio, i) => ({
        nombre: `Antes ${i}`,
        categoria: ['accesorios', 'all'],
        precio,
        imagen: '/img/productos/toalla.svg',
        descripcion: 'Guardado en pesos',
        talle: ['m'],
        color: ['negro'],
      })),
    )
    .returning('id');
  await db('plans').insert({
    codigo_plan: 'plan-1',
    id_plan: 1,
    nombre_plan: 'PLAN',
    description: 'EN PESOS',
    precio: 1234.56,
    cuota_mensual_centavos: 2_000_000,
  });
  const [order] = await db('orders')
    .insert({
      token: 't'.repeat(32),
      comprador_nombre: 'Ana',
      comprador_apellido: 'Paz',
      comprador_email: 'ana@correo.com',
      comprador_celular: '3815551234',
      pago: 'efectivo',
      total: 4501.1,
    })
    .returning('id');
  await db('order_lines').insert([
    {
      order_id: order.id,
      position: 0,
      product_id: products[0]!.id,
      nombre: 'A',
      cantidad: 3,
      precio: 0.1,
      subtotal: 0.3,
    },
    {
      order_id: order.id,
      position: 1,
      product_id: products[4]!.id,
      nombre: 'B',
      cantidad: 1,
      precio: 4500.8,
      subtotal: 4500.8,
    },
  ]);
  const before = await counts();

  await db.migrate.latest();

  const stored = await db('products')
    .whereIn(
      'nombre',
      prices.map((_, i) => `Antes ${i}`),
    )
    .orderBy('nombre');
  expect(stored.map((p) => Number(p.precio_centavos))).toEqual([
    100, 150000, 150001, 300000, 450050, 600000, 600001, 9999999,
  ]);
  expect(Number((await db('plans').first('precio_centavos')).precio_centavos)).toBe(123456);
  expect(Number((await db('orders').first('total_centavos')).total_centavos)).toBe(450110);
  const lines = await db('order_lines').orderBy('position').select('precio_centavos', 'subtotal_centavos');
  expect(lines.map((l) => [Number(l.precio_centavos), Number(l.subtotal_centavos)])).toEqual([
    [10, 30],
    [450080, 450080],
  ]);
  // The facet counts (and so every page's total) are what they were, and stay exact after an edit.
  expect(await counts()).toEqual(before);
  await db('products').where({ id: products[1]!.id }).update({ precio_centavos: 150001 });
  const moved = (await counts()).filter((r) => r[0] === 'accesorios' && r[1] === '*' && r[2] === '*' && r[4] === '*');
  expect(moved.map((r) => [r[3], r[5]])).toEqual([
    [-1, 8],
    [0, 1],
    [1500, 3],
    [4500, 2],
    [6500, 2],
  ]);
  // Below one peso, or a plan outside $1.000–$100.000 an hour, is refused as before.
  await expect(db('products').where({ id: products[1]!.id }).update({ precio_centavos: 99 })).rejects.toMatchObject({
    code: '23514',
  });
  await expect(db('plans').update({ precio_centavos: 99_999 })).rejects.toMatchObject({ code: '23514' });
});
