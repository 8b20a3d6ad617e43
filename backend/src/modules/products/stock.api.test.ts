import type { Product } from '@gym/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { variantStock } from './index';

/** What the orders move of the products' stock, through the products' index (issue 43, item 3). */
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
});
afterAll(() => t.close());

async function remera(stock: number): Promise<Product> {
  const body = {
    nombre: `Remera stock ${Math.random().toString(36).slice(2, 8)}`,
    categoria: ['indumentaria'],
    precio: 1500,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Para mover stock',
    portada: false,
    talle: ['s', 'm'],
    color: ['negro'],
    variantes: [
      { talle: 's', color: 'negro', stock },
      { talle: 'm', color: 'negro', stock },
    ],
  };
  return (await staff.post('/v1/products').send(body).expect(201)).body.product as Product;
}

const stockOf = async (id: string) =>
  ((await staff.get(`/v1/product/${id}`).expect(200)).body.product as Product).variantes.map((v) => [v.talle, v.stock]);

test('locks the variants asked for with name and price, takes units only where there are enough, gives back', async () => {
  const p = await remera(3);
  const moved = await t.db.transaction(async (trx) => {
    const stock = variantStock(trx);
    const locked = await stock.lock([
      { producto: p._id, talle: 's', color: 'negro' },
      { producto: p._id, talle: 'm', color: 'negro' },
    ]);
    const [s, m] = ['s', 'm'].map((talle) => locked.find((v) => v.talle === talle)!);
    const asked = { nombre: s!.nombre, precioCentavos: s!.precioCentavos, stock: s!.stock };
    // 2 of S are there; 5 of M are not: only S moves.
    const taken = await stock.take([
      { variantId: s!.id, cantidad: 2 },
      { variantId: m!.id, cantidad: 5 },
    ]);
    return { locked: locked.length, asked, taken, s: s!.id };
  });
  expect(moved).toMatchObject({
    locked: 2,
    asked: { nombre: p.nombre, precioCentavos: 150_000, stock: 3 },
    taken: 1,
  });
  expect(await stockOf(p._id)).toEqual([
    ['s', 1],
    ['m', 3],
  ]);
  const back = await t.db.transaction((trx) =>
    variantStock(trx).giveBack([
      { variantId: moved.s, cantidad: 1 },
      { variantId: moved.s, cantidad: 1 },
      { variantId: '00000000-0000-4000-8000-000000000000', cantidad: 4 },
    ]),
  );
  expect(back).toBe(1);
  expect(await stockOf(p._id)).toEqual([
    ['s', 3],
    ['m', 3],
  ]);
});
