import type { Knex } from 'knex';
import { createTestDatabase, migrateUpTo } from '../../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

test('migration 0010_product_variants moves every unit of the old stock into variants, spread over sizes × colours', async () => {
  await migrateUpTo(db, '0010_product_variants');
  const base = { categoria: ['indumentaria', 'all'], precio: 100, imagen: '/x.svg', descripcion: 'x', portada: false };
  const inserted: { id: string; nombre: string }[] = await db('products').insert(
    [
      { ...base, nombre: 'grid', talle: ['s', 'm'], color: ['negro', 'rojo', 'azul'], stock: 8 },
      { ...base, nombre: 'sizes', talle: ['xl'], color: [], stock: 3 },
      { ...base, nombre: 'plain', talle: [], color: [], stock: 5 },
      { ...base, nombre: 'none', talle: ['m'], color: ['gris'], stock: 0 },
    ],
    ['id', 'nombre'],
  );
  await db.migrate.latest();
  const id = (nombre: string) => inserted.find((p) => p.nombre === nombre)!.id;
  const variants = async (nombre: string) =>
    (
      await db('product_variants')
        .where({ product_id: id(nombre) })
        .select('talle', 'color', 'stock')
    ).sort((a, b) => `${a.talle}/${a.color}`.localeCompare(`${b.talle}/${b.color}`));
  expect(await variants('grid')).toEqual([
    { talle: 'm', color: 'azul', stock: 1 },
    { talle: 'm', color: 'negro', stock: 1 },
    { talle: 'm', color: 'rojo', stock: 1 },
    { talle: 's', color: 'azul', stock: 1 },
    { talle: 's', color: 'negro', stock: 2 },
    { talle: 's', color: 'rojo', stock: 2 },
  ]);
  expect(await variants('sizes')).toEqual([{ talle: 'xl', color: null, stock: 3 }]);
  expect(await variants('plain')).toEqual([{ talle: null, color: null, stock: 5 }]);
  expect(await variants('none')).toEqual([{ talle: 'm', color: 'gris', stock: 0 }]);
  const { rows } = await db.raw('SELECT sum(stock)::int AS units FROM product_variants');
  expect(rows[0].units).toBe(16);
  const columns = await db('information_schema.columns').where({ table_name: 'products', column_name: 'stock' });
  expect(columns).toHaveLength(0);
});
