import request from 'supertest';
import {
  httpMessages,
  productMessages as m,
  concurrencyMessages,
  filterMessages,
  matchesPriceBucket,
  type Product,
} from '@gym/contracts';
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
  test('without parameters, the whole seeded list under {products}', async () => {
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
    expect((await list('?q=%25')).products).toEqual([]);
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
    expect(Number(row.precio)).toBe(9999);
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
