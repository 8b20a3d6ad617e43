import request from 'supertest';
import { httpMessages, productMessages as m, concurrencyMessages } from '@gym/contracts/messages';
import { DEFAULT_LIST_LIMIT, securityMessages } from '@gym/contracts/security-messages';
import { filterMessages } from '@gym/contracts/product-filters';
import { matchesPriceBucket } from '@gym/contracts/catalog';
import type { Product } from '@gym/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
const newProduct = (over: Record<string, unknown> = {}) => ({
  nombre: `Prueba ${++n} ${Date.now() % 100000}`,
  categoria: ['accesorios'],
  precio: 2500,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Producto de prueba',
  portada: false,
  talle: [],
  color: ['rojo'],
  stock: 4,
  ...over,
});
const productCount = async () => Number((await t.db('products').count({ c: '*' }).first())?.c);
const list = async (query: string) =>
  (await request(t.app).get(`/v1/products${query}`).expect(200)).body as { products: Product[]; total?: number };

describe('catalogue for visitors (GET /v1/products)', () => {
  test('without parameters, the seeded list (under the default page size) under {products}', async () => {
    const { products } = await list('');
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(products[0]).toEqual({
      _id: expect.any(String),
      nombre: expect.any(String),
      categoria: expect.arrayContaining(['all']),
      precio: expect.any(Number),
      imagen: expect.stringMatching(/^\/img\/productos\/.+\.svg$/),
      descripcion: expect.any(String),
      portada: expect.any(Boolean),
      talle: expect.any(Array),
      color: expect.any(Array),
      stock: expect.any(Number),
      variantes: expect.any(Array),
      updatedAt: expect.any(String),
    });
  });

  test('the seeds cover every category, size, colour, price bucket, some out of stock and 6+ on the cover', async () => {
    const { products } = await list('');
    for (const c of ['indumentaria', 'accesorios', 'equipos'])
      expect(products.some((p) => p.categoria.includes(c))).toBe(true);
    for (const s of ['xs', 's', 'm', 'l', 'xl']) expect(products.some((p) => p.talle.includes(s as never))).toBe(true);
    for (const c of ['azul', 'negro', 'gris', 'marron', 'blanco', 'rojo'])
      expect(products.some((p) => p.color.includes(c as never))).toBe(true);
    for (const b of [0, 1500, 3000, 4500, 6500])
      expect(products.some((p) => matchesPriceBucket(p.precio, b))).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.filter((p) => p.portada).length).toBeGreaterThanOrEqual(6);
  });

  test('a category keeps only products whose list includes it', async () => {
    const { products } = await list('?categoria=equipos');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.categoria.includes('equipos'))).toBe(true);
  });

  test('size, colour and price bucket combine', async () => {
    const { products } = await list('?categoria=indumentaria&talle=m&color=negro&precio=1500');
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.talle).toContain('m');
      expect(p.color).toContain('negro');
      expect(p.precio > 1500 && p.precio <= 3000).toBe(true);
    }
  });

  test('the last bucket keeps prices above 6000', async () => {
    const { products } = await list('?precio=6500');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.precio > 6000)).toBe(true);
  });

  test('portada=true lists the cover products', async () => {
    const { products } = await list('?portada=true');
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(products.every((p) => p.portada)).toBe(true);
  });

  test('search by name ignores case and treats % as text', async () => {
    expect((await list('?q=BOTELLA')).products.map((p) => p.nombre)).toEqual(['Botella Térmica 750ml']);
    expect((await list('?q=%25%25%25')).products).toEqual([]);
  });

  test('pages answer total, page and limit, in a stable order', async () => {
    const first = await list('?categoria=all&page=1&limit=5');
    const second = await list('?categoria=all&page=2&limit=5');
    const all = await list('');
    expect(first).toMatchObject({ total: all.products.length, page: 1, limit: 5 });
    expect([...first.products, ...second.products].map((p) => p._id)).toEqual(
      all.products.slice(0, 10).map((p) => p._id),
    );
  });

  test.each(['a', 'ab', '  ab  ', 'é'])(
    'item 4: a search of %j (under 3 characters) is 400 with its message',
    async (q) => {
      const res = await request(t.app)
        .get(`/v1/products?q=${encodeURIComponent(q)}`)
        .expect(400);
      expect(res.body).toEqual({
        error: { message: securityMessages.searchTooShort, fields: { q: securityMessages.searchTooShort } },
      });
    },
  );

  test('sorting by price', async () => {
    const { products } = await list('?sort=precio_asc');
    const prices = products.map((p) => p.precio);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test.each([
    ['?talle=xxl', 'talle'],
    ['?precio=100', 'precio'],
    ['?limit=500', 'limit'],
    ['?categoria=comida', 'categoria'],
  ] as const)('an invalid filter %s is 400 with its message', async (query, key) => {
    const res = await request(t.app).get(`/v1/products${query}`).expect(400);
    expect(res.body).toEqual({ error: { message: filterMessages[key], fields: { [key]: filterMessages[key] } } });
  });
});

describe('revalidation of the public catalogue', () => {
  test('a repeat request with the ETag is 304; after a staff change the list is fresh', async () => {
    const first = await request(t.app).get('/v1/products?categoria=equipos').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    await request(t.app).get('/v1/products?categoria=equipos').set('If-None-Match', etag).expect(304);
    const created = (
      await staff
        .post('/v1/products')
        .send(newProduct({ categoria: ['equipos'] }))
        .expect(201)
    ).body.product as Product;
    const after = await request(t.app).get('/v1/products?categoria=equipos').set('If-None-Match', etag).expect(200);
    expect(after.body.products.map((p: Product) => p._id)).toContain(created._id);
  });
});

describe('answers kept by the API', () => {
  test('a change committed by another replica (straight into the database) shows at the next read', async () => {
    const created = (
      await staff
        .post('/v1/products')
        .send(newProduct({ categoria: ['equipos'] }))
        .expect(201)
    ).body.product as Product;
    const url = `/v1/product/${created._id}`;
    const listUrl = '/v1/products?categoria=equipos&sort=precio_asc&page=1&limit=100';
    for (let i = 0; i < 2; i += 1) {
      await request(t.app).get(url).expect(200);
      await request(t.app).get(listUrl).expect(200);
    }
    await t
      .db('products')
      .where({ id: created._id })
      .update({ nombre: 'Cambiado en otra réplica', precio_centavos: 432100 });
    expect((await request(t.app).get(url).expect(200)).body.product).toMatchObject({
      nombre: 'Cambiado en otra réplica',
      precio: 4321,
    });
    const listed = (await request(t.app).get(listUrl).expect(200)).body.products as Product[];
    expect(listed.find((p) => p._id === created._id)?.nombre).toBe('Cambiado en otra réplica');
    await t.db('products').where({ id: created._id }).delete();
    await request(t.app).get(url).expect(404);
    expect(((await request(t.app).get(listUrl)).body.products as Product[]).map((p) => p._id)).not.toContain(
      created._id,
    );
  });

  test('a HEAD of the list answers its headers and no body', async () => {
    const res = await request(t.app).head('/v1/products?page=1&limit=2').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toMatch(/^W\//);
    expect(res.text).toBeUndefined();
  });
});

describe('one product (GET /v1/product/:id)', () => {
  test('a known id answers {product}', async () => {
    const [first] = (await list('')).products;
    const res = await request(t.app).get(`/v1/product/${first!._id}`).expect(200);
    expect(res.body).toEqual({ product: first });
  });

  test.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-id', "1' OR '1'='1"])(
    'an unknown or malformed id (%s) is 404',
    async (id) => {
      const res = await request(t.app)
        .get(`/v1/product/${encodeURIComponent(id)}`)
        .expect(404);
      expect(res.body).toEqual({ error: { message: m.notFound } });
    },
  );
});

describe('staff product management', () => {
  test('a visitor cannot create, edit or delete: 401 and nothing changes', async () => {
    const [first] = (await list('')).products;
    const before = await productCount();
    for (const res of [
      await request(t.app).post('/v1/products').send(newProduct()),
      await request(t.app).put(`/v1/product/${first!._id}`).send(newProduct()),
      await request(t.app).delete(`/v1/product/${first!._id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
    }
    expect(await productCount()).toBe(before);
    expect((await request(t.app).get(`/v1/product/${first!._id}`).expect(200)).body.product).toEqual(first);
  });

  test('staff create a product: 201, stored with "all" added, and listed in the shop', async () => {
    const body = newProduct({ talle: ['l', 's'] });
    const res = await staff.post('/v1/products').send(body).expect(201);
    expect(res.body.product).toMatchObject({ ...body, categoria: ['accesorios', 'all'], talle: ['s', 'l'] });
    const row = await t.db('products').where({ id: res.body.product._id }).first();
    expect(row.nombre).toBe(body.nombre);
    expect((await list('?categoria=accesorios')).products.map((p) => p._id)).toContain(res.body.product._id);
  });

  test.each([
    ['a 31-character name', { nombre: 'x'.repeat(31) }, 'nombre', m.nombreMax],
    ['price 0', { precio: 0 }, 'precio', m.precioMin],
    ['negative stock', { stock: -1 }, 'stock', m.stockMin],
    ['no description', { descripcion: '' }, 'descripcion', m.descripcionRequired],
    ['no portada', { portada: undefined }, 'portada', m.portadaRequired],
    ['an unknown colour', { color: ['verde'] }, 'color', m.colorInvalid],
    ['a price given as a list', { precio: [5] }, 'precio', m.precioNumber],
    ['a price with fractions of a centavo', { precio: 1499.999 }, 'precio', m.precioCentavos],
  ])('creating with %s is 400 with its message and nothing is stored', async (_s, change, field, message) => {
    const before = await productCount();
    const res = await staff.post('/v1/products').send(newProduct(change)).expect(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
    expect(await productCount()).toBe(before);
  });

  test('staff edit a product: 200 and the database holds the change', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    const res = await staff
      .put(`/v1/product/${created._id}`)
      .send({ ...newProduct({ nombre: 'Editado', precio: 9999 }), updatedAt: created.updatedAt })
      .expect(200);
    expect(res.body.product).toMatchObject({ _id: created._id, nombre: 'Editado', precio: 9999 });
    const row = await t.db('products').where({ id: created._id }).first();
    expect(Number(row.precio_centavos)).toBe(999_900);
  });

  test('an invalid edit is 400 and changes nothing', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    await staff
      .put(`/v1/product/${created._id}`)
      .send(newProduct({ precio: -5 }))
      .expect(400);
    expect((await request(t.app).get(`/v1/product/${created._id}`)).body.product).toEqual(created);
  });

  test('when two staff edit the same product, the later save with a stale version is 409 and keeps the first', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    // The version is the save's millisecond on this file's real clock: one must pass for the next to differ.
    await new Promise((r) => setTimeout(r, 5));
    await staff
      .put(`/v1/product/${created._id}`)
      .send({ ...newProduct({ nombre: 'Primero' }), updatedAt: created.updatedAt })
      .expect(200);
    const res = await staff
      .put(`/v1/product/${created._id}`)
      .send({ ...newProduct({ nombre: 'Segundo' }), updatedAt: created.updatedAt })
      .expect(409);
    expect(res.body.error.message).toBe(concurrencyMessages.staleProduct);
    expect((await request(t.app).get(`/v1/product/${created._id}`)).body.product.nombre).toBe('Primero');
  });

  test('a product stored with a microsecond timestamp (the database default) saves with the version the list shows', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    await t
      .db('products')
      .where({ id: created._id })
      .update({ updated_at: t.db.raw("now() - interval '1.234567 seconds'") });
    const listed = (await request(t.app).get(`/v1/product/${created._id}`).expect(200)).body.product as Product;
    await staff
      .put(`/v1/product/${created._id}`)
      .send({ ...newProduct({ nombre: 'Con microsegundos' }), updatedAt: listed.updatedAt })
      .expect(200);
    expect((await request(t.app).get(`/v1/product/${created._id}`)).body.product.nombre).toBe('Con microsegundos');
  });

  test('editing an unknown product is 404', async () => {
    await staff.put('/v1/product/00000000-0000-4000-8000-000000000000').send(newProduct()).expect(404);
  });

  test('staff delete a product: 204, then it is gone (404) and a second delete is 404', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    await staff.delete(`/v1/product/${created._id}`).expect(204);
    await request(t.app).get(`/v1/product/${created._id}`).expect(404);
    expect(await t.db('products').where({ id: created._id }).first()).toBeUndefined();
    await staff.delete(`/v1/product/${created._id}`).expect(404);
  });
});

describe('pages and totals agree with the whole catalogue', () => {
  // A catalogue of its own, large enough that pages are found by walking the sort indexes.
  let big: TestApp;
  const SIZES = ['xs', 's', 'm', 'l', 'xl'];
  const COLORS = ['azul', 'negro', 'gris', 'marron', 'blanco', 'rojo'];
  const CATEGORIES = ['indumentaria', 'accesorios', 'equipos'];
  beforeAll(async () => {
    big = await createTestApp();
    const pick = <T>(values: T[], i: number, step: number) => values.filter((_, k) => (i * step + k) % 2 === 0);
    await big.db('products').insert(
      Array.from({ length: 4000 }, (_, i) => ({
        nombre: `Lote ${String(i).padStart(4, '0')}`,
        categoria: [CATEGORIES[i % 3]!, 'all'],
        precio_centavos: (100 + ((i * 379) % 9000)) * 100,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Producto de prueba en cantidad',
        portada: i % 17 === 0,
        talle: i % 3 === 0 ? pick(SIZES, i, 7) : [],
        color: pick(COLORS, i, 5),
      })),
    );
  });
  afterAll(() => big.close());
  const bigList = async (query: string) =>
    (await request(big.app).get(`/v1/products${query}`).expect(200)).body as { products: Product[]; total?: number };
  const matches = (p: Product, f: Record<string, string>) =>
    (!f.categoria || f.categoria === 'all' || p.categoria.includes(f.categoria)) &&
    (!f.talle || p.talle.includes(f.talle as never)) &&
    (!f.color || p.color.includes(f.color as never)) &&
    (!f.precio || matchesPriceBucket(p.precio, Number(f.precio))) &&
    (!f.portada || String(p.portada) === f.portada);
  const byPrice = (dir: 1 | -1) => (a: Product, b: Product) =>
    dir * (a.precio - b.precio) || dir * (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const combos: Record<string, string>[] = [
    {},
    { categoria: 'all' },
    { categoria: 'indumentaria', talle: 'm' },
    { categoria: 'indumentaria', talle: 'm', color: 'negro', precio: '1500' },
    { categoria: 'equipos', precio: '6500' },
    { color: 'azul' },
    { talle: 'xs', precio: '0' },
    { portada: 'true', categoria: 'accesorios' },
    { categoria: 'equipos', talle: 'm' },
    { categoria: 'indumentaria', color: 'rojo', precio: '3000' },
    { categoria: 'indumentaria', color: 'negro' },
    { categoria: 'equipos' },
  ];

  /** The whole catalogue, read page by page (an unpaged list is only its first page). */
  let whole: Product[] | undefined;
  const everything = async () => {
    if (whole) return whole;
    const read: Product[] = [];
    for (let page = 1; read.length % 100 === 0; page++) {
      const { products } = await bigList(`?page=${page}&limit=100`);
      read.push(...products);
      if (products.length === 0) break;
    }
    whole = read;
    return read;
  };

  test(`item 4: without limit, the first ${DEFAULT_LIST_LIMIT} of 4000 and the total, never the whole catalogue`, async () => {
    const unpaged = await bigList('');
    expect(unpaged.products).toHaveLength(DEFAULT_LIST_LIMIT);
    expect(unpaged).toMatchObject({ total: (await everything()).length, page: 1, limit: DEFAULT_LIST_LIMIT });
    expect(unpaged.products.map((p) => p._id)).toEqual(
      (await everything()).slice(0, DEFAULT_LIST_LIMIT).map((p) => p._id),
    );
    expect((await everything()).length).toBeGreaterThanOrEqual(4000);
  });

  test.each(combos)('for %j the total counts every match and pages follow the sort', async (f) => {
    const all = await everything();
    const expected = all.filter((p) => matches(p, f));
    for (const [sort, compare] of [
      ['precio_asc', byPrice(1)],
      ['precio_desc', byPrice(-1)],
    ] as const) {
      const query = new URLSearchParams({ ...f, sort, limit: '4' });
      const sorted = [...expected].sort(compare).map((p) => p._id);
      const first = await bigList(`?${query}&page=1`);
      const second = await bigList(`?${query}&page=2`);
      expect(first.total).toBe(expected.length);
      expect([...first.products, ...second.products].map((p) => p._id)).toEqual(sorted.slice(0, 8));
    }
  });

  test('totals follow staff creating, editing and deleting products', async () => {
    const total = async () => (await list('?categoria=equipos&color=gris&precio=4500&page=1&limit=1')).total;
    const before = await total();
    const created = (
      await staff
        .post('/v1/products')
        .send(newProduct({ categoria: ['equipos'], color: ['gris'], precio: 5000 }))
        .expect(201)
    ).body.product as Product;
    expect(await total()).toBe(before! + 1);
    await staff
      .put(`/v1/product/${created._id}`)
      .send({ ...newProduct({ categoria: ['equipos'], color: ['rojo'], precio: 5000 }), updatedAt: created.updatedAt })
      .expect(200);
    expect(await total()).toBe(before);
    await staff.delete(`/v1/product/${created._id}`).expect(204);
    expect(await total()).toBe(before);
  });

  test('a page past the last one is empty and still counts the matches', async () => {
    const res = await bigList('?categoria=equipos&page=999&limit=24');
    expect(res.products).toEqual([]);
    expect(res.total).toBeGreaterThan(0);
  });
});

describe('revalidation after a staff edit', () => {
  test('a product and its list answer 304 to their ETag until staff edit it, then 200 with the change', async () => {
    const created = (await staff.post('/v1/products').send(newProduct()).expect(201)).body.product as Product;
    const url = `/v1/product/${created._id}`;
    const listUrl = `/v1/products?categoria=accesorios&sort=precio_asc&page=1&limit=100`;
    const one = await request(t.app).get(url).expect(200);
    const many = await request(t.app).get(listUrl).expect(200);
    for (const res of [one, many]) {
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^W\//);
    }
    await request(t.app).get(url).set('If-None-Match', one.headers.etag!).expect(304);
    await request(t.app).get(listUrl).set('If-None-Match', many.headers.etag!).expect(304);
    await staff
      .put(url)
      .send({ ...newProduct({ nombre: 'Editado por staff' }), updatedAt: created.updatedAt })
      .expect(200);
    const after = await request(t.app).get(url).set('If-None-Match', one.headers.etag!).expect(200);
    expect(after.headers.etag).not.toBe(one.headers.etag);
    expect(after.body.product.nombre).toBe('Editado por staff');
    const listAfter = await request(t.app).get(listUrl).set('If-None-Match', many.headers.etag!).expect(200);
    expect(listAfter.body.products.map((p: Product) => p.nombre)).toContain('Editado por staff');
  });
});

describe('bounded searches, one cache entry per id, safe images and names', () => {
  test('searches by SQL sent together are all answered, none refused; reads answer beside them', async () => {
    // Without the in-memory index: every search by SQL, queued on the database pool, never 429.
    const t = await createTestApp({ env: { CATALOGUE_INDEX: 'false' } });
    const server = t.app.listen(0);
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) =>
          request(server).get(`/v1/products?q=${['bot', 'rem', 'man'][i % 3]}&page=1&limit=5`),
        ),
        request(server).get('/v1/products?page=1&limit=5'),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array(41).fill(200));
      expect(answers[0]!.body.products.length).toBeGreaterThan(0);
    } finally {
      server.close();
      await t.close();
    }
  });

  test('an upper-case product id is answered from the lower-case id’s cache entry', async () => {
    const { id } = (await t.db('products').first('id')) as { id: string };
    const lower = await request(t.app).get(`/v1/product/${id}`).expect(200);
    const reads: string[] = [];
    const seen = (q: { sql: string }) => reads.push(q.sql);
    t.db.on('query', seen);
    try {
      const upper = await request(t.app).get(`/v1/product/${id.toUpperCase()}`).expect(200);
      expect(upper.body).toEqual(lower.body);
      expect(upper.headers.etag).toBe(lower.headers.etag);
    } finally {
      t.db.off('query', seen);
    }
    expect(reads.filter((sql) => /from "products"/i.test(sql))).toEqual([]);
  });

  test.each([
    ['/\\evil.example/x.png'],
    ['//evil.example/x.png'],
    ['http://cdn.example/x.png'],
    ['https://evil.example/x.png'],
    ['https://user@cdn.example/x.png'],
    ['javascript:alert(1)'],
  ])('imagen %j is 400 with its message and nothing is stored', async (imagen) => {
    const before = await productCount();
    const res = await staff.post('/v1/products').send(newProduct({ imagen })).expect(400);
    expect(res.body.error.message).toBe(securityMessages.imagenUrl);
    expect(await productCount()).toBe(before);
  });

  test('imagen may be a path of this site, or https from a host of IMAGE_HOSTS', async () => {
    const site = await createTestApp({ env: { IMAGE_HOSTS: 'cdn.example' } });
    try {
      const staff = await site.staffAgent();
      await staff
        .post('/v1/products')
        .send(newProduct({ imagen: 'https://cdn.example/x.png' }))
        .expect(201);
      await staff
        .post('/v1/products')
        .send(newProduct({ imagen: '/img/productos/botella-termica.svg' }))
        .expect(201);
      const other = await staff
        .post('/v1/products')
        .send(newProduct({ imagen: 'https://otro.example/x.png' }))
        .expect(400);
      expect(other.body.error.fields).toEqual({ imagen: securityMessages.imagenUrl });
    } finally {
      await site.close();
    }
  });

  test.each(['\u202E', '\u2066', '\u200F', '\u061C'])(
    'a product name with the bidi control %j is 400',
    async (control) => {
      const before = await productCount();
      const res = await staff
        .post('/v1/products')
        .send(newProduct({ nombre: `Guantes${control}gpj.exe` }))
        .expect(400);
      expect(res.body.error.message).toBe(securityMessages.bidiControl);
      expect(await productCount()).toBe(before);
    },
  );
});
