import { CATEGORIES, COLORS, PRICE_BUCKETS, SIZES } from '@gym/contracts/catalog';
import { PRODUCT_SORTS, type ProductFilters } from '@gym/contracts/product-filters';
import type { Product } from '@gym/contracts/products';
import { systemClock } from '../../clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildCatalogueIndex } from './catalogue-index';
import { createCatalogueReads } from './catalogue-reads';
import { jsonAnswer } from './json-answer';
import { createProductsRepository } from './products.repository';
import { toWireProduct } from './products.wire';
import { createProductsService } from './products.service';

let t: TestApp;
// Names the database's collation orders its own way (accents, case, spaces), so the index must take its order.
const NAMES = ['Árbol', 'arco', 'Zeta', 'zeta', 'Ñandú', 'nube', 'Éter', 'eje', 'Bolso Pro', 'Bolso', 'bolso 2'];

beforeAll(async () => {
  t = await createTestApp();
  await t.db('products').insert(
    Array.from({ length: 3000 }, (_, i) => ({
      nombre: `${NAMES[i % NAMES.length]} ${i % 7}`,
      categoria: [['indumentaria', 'accesorios', 'equipos'][i % 3]!, 'all'],
      // Repeated prices: ties are ordered by id.
      precio_centavos: (100 + ((i * 379) % 80) * 100) * 100,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Producto de prueba en cantidad',
      portada: i % 13 === 0,
      talle: SIZES.filter((_, k) => (i + k) % 3 === 0),
      color: COLORS.filter((_, k) => (i * 5 + k) % 4 === 0),
    })),
  );
});
afterAll(() => t.close());

/** A seeded sequence of filter combinations, as shoppers pick them. */
function* combinations(count: number): Generator<ProductFilters & { page: number; limit: number }> {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const maybe = <T>(values: readonly T[]) => (next(2) ? values[next(values.length)] : undefined);
  for (let i = 0; i < count; i += 1) {
    yield {
      categoria: maybe(CATEGORIES),
      talle: maybe(SIZES),
      color: maybe(COLORS),
      precio: maybe(PRICE_BUCKETS),
      portada: maybe([true, false]),
      sort: maybe(PRODUCT_SORTS),
      page: 1 + next(6),
      limit: [5, 24, 100][next(3)]!,
    };
  }
}

/** Reads over the test database, counting the pages read by SQL and the index builds. */
function makeReads(spy: { pages: number; builds?: number }) {
  const repository = createProductsRepository(t.db);
  const counted = {
    ...repository,
    page: (filters: Parameters<typeof repository.page>[0]) => {
      spy.pages += 1;
      return repository.page(filters);
    },
    indexEntries: () => {
      spy.builds = (spy.builds ?? 0) + 1;
      return repository.indexEntries();
    },
  };
  const service = createProductsService(counted, systemClock, () => Promise.reject(new Error('read only')));
  const reads = createCatalogueReads(counted, service, { maxProducts: 500, minRebuildGapMs: 0 });
  reads.warm();
  return reads;
}

test('a page and a product are the same bytes from the index as by SQL: a rebuilt index keeps their ETag', async () => {
  const [cents] = await t
    .db('products')
    .insert({
      nombre: 'Precio con centavos',
      categoria: ['accesorios', 'all'],
      precio_centavos: 123450,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Comillas "dobles", barra \\ y acento: canción',
      portada: false,
      talle: ['m'],
      color: ['negro'],
    })
    .returning('id');
  const repository = createProductsRepository(t.db);
  const service = createProductsService(repository, systemClock, () => Promise.reject(new Error('read only')));
  const reads = createCatalogueReads(repository, service, { maxProducts: 500, minRebuildGapMs: 0 });
  /** The page by SQL as the API writes it. */
  const wireList = async (filters: ProductFilters) => {
    const found = await service.list(filters);
    return { ...found, products: found.products.map(toWireProduct) };
  };
  reads.warm();
  await reads.settled();
  for (const filters of [
    ...combinations(20),
    { categoria: 'accesorios' as const, sort: 'precio_desc' as const, page: 1, limit: 100 },
  ]) {
    const fromIndex = await reads.list(filters);
    expect({ filters, etag: fromIndex.etag }).toEqual({ filters, etag: jsonAnswer(await wireList(filters)).etag });
  }
  const one = await reads.product(cents.id);
  expect(one.body.toString()).toBe(JSON.stringify({ product: toWireProduct(await service.find(cents.id)) }));
});

const catalogueVersion = async () => Number((await t.db('catalogue_version').first('version'))!.version);

const body = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

test('the in-memory index finds the same pages and totals as the database, for every kind of filter and sort', async () => {
  const repository = createProductsRepository(t.db);
  const { version, entries } = await repository.indexEntries();
  const index = buildCatalogueIndex(version!, entries);
  expect(index.size).toBe(Number((await t.db('products').count({ n: '*' }).first())!.n));
  // Read in chunks along (nombre, id), the same entries in the same order.
  expect((await repository.indexEntries(700)).entries).toEqual(entries);
  /** The index's page for these filters, after checking it is the database's. */
  async function samePage(filters: Parameters<typeof repository.page>[0]) {
    const fromDatabase = await repository.page(filters);
    const fromIndex = index.page(filters)!;
    expect({ filters, ids: fromIndex.ids, total: fromIndex.total }).toEqual({
      filters,
      ids: fromDatabase.products.map((p) => p._id),
      total: fromDatabase.total,
    });
    return fromIndex;
  }
  let compared = 0;
  for (const filters of combinations(300)) compared += (await samePage(filters)).ids.length;
  expect(compared).toBeGreaterThan(3000);
  // Every price bucket in every order, first and a later page (a price sort walks only its bucket).
  for (const precio of PRICE_BUCKETS)
    for (const sort of PRODUCT_SORTS)
      for (const page of [1, 3]) expect((await samePage({ precio, sort, page, limit: 24 })).ids).toHaveLength(24);
  // Text searches: the name in any case, with the filters and sorts; % and _ are plain characters.
  let searched = 0;
  const terms = ['bolso', 'ZE', 'o 2', 'Árb', 'ñand', 'e 3', '%', 'o_2', 'nada así', 'arbol', 'NANDU', 'éte'];
  for (const [k, filters] of [...combinations(120)].entries()) {
    searched += (await samePage({ ...filters, q: terms[k % terms.length]! })).total;
  }
  expect(searched).toBeGreaterThan(1000);
  // Spanish searches: accents and case do not count, on both paths ("nandu" finds "Ñandú").
  const withName = (name: string) => NAMES.filter((n) => n === name).length;
  const nandu = await samePage({ q: 'nandu', page: 1, limit: 24 });
  expect(nandu.total).toBeGreaterThan(0);
  expect(nandu.total).toBe((await samePage({ q: 'Ñandú', page: 1, limit: 24 })).total);
  expect(nandu.total).toBe(Math.round((3000 * withName('Ñandú')) / NAMES.length));
  expect((await samePage({ q: 'ARBOL', page: 1, limit: 24 })).total).toBe(
    (await samePage({ q: 'árbol', page: 1, limit: 24 })).total,
  );
});

test('text searches come from the index once it is built, and none is refused however many come at once', async () => {
  const spy = { pages: 0 };
  const reads = makeReads(spy);
  const filters: ProductFilters = { q: 'bolso', sort: 'precio_asc', page: 1, limit: 24 };
  const bySql = body(await reads.list(filters)); // the index is being built: by SQL
  expect(spy.pages).toBe(1);
  await reads.settled();
  const found = body(await reads.list(filters));
  expect(found).toEqual(bySql);
  expect(found.total).toBe(
    Number((await t.db('products').whereILike('nombre', '%bolso%').count({ n: '*' }).first())!.n),
  );
  const many = await Promise.all(
    Array.from({ length: 60 }, (_, i) => reads.list({ q: `bolso ${i % 9}`, page: 1 + (i % 3), limit: 5 })),
  );
  expect(many.map((answer) => Array.isArray(body(answer).products))).toEqual(Array(60).fill(true));
  expect(spy.pages).toBe(1);
});

test('pages come from the index once it is built, are the same answers as SQL, and never older than a change', async () => {
  const spy = { pages: 0 };
  const reads = makeReads(spy);
  const filters: ProductFilters = { categoria: 'equipos', sort: 'precio_desc', page: 2, limit: 24 };
  await reads.settled(); // the build warm() started
  const byIndex = body(await reads.list(filters));
  expect(spy.pages).toBe(0);
  const bySql = await createProductsRepository(t.db).page({ ...filters, page: 2, limit: 24 });
  const wire = { ...bySql, products: bySql.products.map(toWireProduct), page: 2, limit: 24 };
  expect(byIndex).toEqual(JSON.parse(JSON.stringify(wire)));

  // Another replica changes a product of that page straight in the database.
  const target = (byIndex.products as Product[])[3]!;
  await t.db('products').where({ id: target._id }).update({ precio_centavos: 99999900, nombre: 'Cambiado' });
  const after = body(await reads.list({ ...filters, page: 1 }));
  expect((after.products as Product[])[0]).toMatchObject({ _id: target._id, precio: 999999, nombre: 'Cambiado' });
  expect(spy.pages).toBe(1); // the index was of the older version: by SQL, and a new index is built
  await reads.settled();
  const again = body(await reads.list({ ...filters, page: 1 }));
  expect(spy.pages).toBe(1);
  expect(again).toEqual(after);

  // A stock change (another table) shows too, in the list and by id.
  await t.db('product_variants').where({ product_id: target._id }).update({ stock: 0 });
  const listed = (body(await reads.list({ ...filters, page: 1 })).products as Product[])[0]!;
  expect(listed.stock).toBe(0);
  expect((body(await reads.product(target._id)).product as Product).stock).toBe(0);
});

test('a product by id is the database row of the version read after the request, or 404 once deleted', async () => {
  const reads = makeReads({ pages: 0 });
  const [row] = await t.db('products').where('nombre', 'like', 'Zeta%').limit(1).select('id');
  const id = (row as { id: string }).id;
  expect((body(await reads.product(id)).product as Product)._id).toBe(id);
  await t.db('products').where({ id }).update({ descripcion: 'Nueva descripción' });
  expect((body(await reads.product(id)).product as Product).descripcion).toBe('Nueva descripción');
  await t.db('products').where({ id }).delete();
  await expect(reads.product(id)).rejects.toMatchObject({ kind: 'not-found' });
  await expect(reads.product('no-es-un-id')).rejects.toMatchObject({ kind: 'not-found' });
});

test('a sale moves the stock shown but not the catalogue version: no index rebuilt, no page read by SQL', async () => {
  const filters: ProductFilters = { categoria: 'accesorios', sort: 'nombre', page: 1, limit: 24 };
  const [first] = (await createProductsRepository(t.db).page({ ...filters, page: 1, limit: 24 })).products;
  await t
    .db('product_variants')
    .insert({ product_id: first!._id, talle: first!.talle[0] ?? null, color: first!.color[0] ?? null, stock: 5 });
  const spy = { pages: 0, builds: 0 };
  const reads = makeReads(spy);
  await reads.settled();
  const before = body(await reads.list(filters)).products as Product[];
  const sold = before[0]!;
  expect(sold).toMatchObject({ _id: first!._id, stock: 5 });
  const version = await catalogueVersion();
  // What an order does to one variant (orders.repository's takeStock), from another replica.
  const [variant] = await t.db('product_variants').where({ product_id: sold._id }).where('stock', '>', 0).limit(1);
  await t.db('product_variants').where({ id: variant.id }).decrement('stock', 1);
  expect(await catalogueVersion()).toBe(version);
  const after = body(await reads.list(filters)).products as Product[];
  expect(after.find((p) => p._id === sold._id)!.stock).toBe(sold.stock - 1);
  expect((body(await reads.product(sold._id)).product as Product).stock).toBe(sold.stock - 1);
  // The other products are the same JSON, and the page came from the index built at start.
  expect(after.filter((p) => p._id !== sold._id)).toEqual(before.filter((p) => p._id !== sold._id));
  expect(spy).toEqual({ pages: 0, builds: 1 });
  // The units given back (a cancellation) show at once too.
  await t.db('product_variants').where({ id: variant.id }).increment('stock', 1);
  expect((body(await reads.product(sold._id)).product as Product).stock).toBe(sold.stock);
  expect(await catalogueVersion()).toBe(version);
});

test('a catalogue version that goes back (a restored backup) empties what the process held and rebuilds the index', async () => {
  const spy = { pages: 0, builds: 0 };
  const reads = makeReads(spy);
  await reads.settled();
  const filters: ProductFilters = { categoria: 'equipos', sort: 'nombre', page: 1, limit: 5 };
  const [first] = body(await reads.list(filters)).products as Product[];
  expect(spy).toEqual({ pages: 0, builds: 1 });
  await t.db('products').where({ id: first!._id }).update({ descripcion: 'Restaurado de la copia' });
  await t.db('catalogue_version').update({ version: 0 });
  const [again] = body(await reads.list(filters)).products as Product[];
  expect(again).toMatchObject({ _id: first!._id, descripcion: 'Restaurado de la copia' });
  expect((body(await reads.product(first!._id)).product as Product).descripcion).toBe('Restaurado de la copia');
  await reads.settled();
  expect(spy.builds).toBe(2);
  const pages = spy.pages;
  expect(body(await reads.list(filters))).toEqual(body(await reads.list(filters)));
  expect(spy.pages).toBe(pages); // from the index rebuilt under version 0
});

// Two connections at once: a server only (PGlite has one).
(process.env.DATABASE_URL ? test : test.skip)(
  'a sale whose transaction was open during a read shows at the first read after it commits, whatever the order of ids',
  async () => {
    const reads = makeReads({ pages: 0 });
    const [product] = await t.db('products').where('nombre', 'like', 'nube%').limit(1).select('id', 'talle', 'color');
    await t.db('product_variants').insert({
      product_id: product.id,
      talle: product.talle[0] ?? null,
      color: product.color[0] ?? null,
      stock: 7,
    });
    const stock = async () => (body(await reads.product(product.id)).product as Product).stock;
    expect(await stock()).toBe(7);
    // A sale starts (its transaction id is taken now) and is still open while the shop reads.
    const sale = await t.db.transaction();
    await sale('product_variants').where({ product_id: product.id }).decrement('stock', 2);
    // Later sales commit first, on other products: the reader's watermark moves past their ids.
    const other = await t.db('products').whereNot({ id: product.id }).first('id');
    await t.db('product_variants').insert({ product_id: other.id, stock: 3 });
    await t.db('product_variants').where({ product_id: other.id }).decrement('stock', 1);
    expect(await stock()).toBe(7);
    expect(await stock()).toBe(7);
    await sale.commit();
    expect(await stock()).toBe(5);
  },
);
