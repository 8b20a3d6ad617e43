import request from 'supertest';
import { clientMessages } from '@gym/contracts/clients';
import { concurrencyMessages } from '@gym/contracts/messages';
import { createTestApp, TEST_ADMIN, TEST_STAFF_CODE, type TestApp } from '../../test/test-app';
import { cookieOf } from './routes';

/**
 * Two staff members edit the same record from the version they both loaded: the later save is 409
 * with a Spanish message and the earlier one stays. Also when both saves arrive at the same moment.
 */
let t: TestApp;
let ana: string;
let beto: string;
beforeAll(async () => {
  t = await createTestApp();
  const second = { name: 'Beto', lastname: 'Díaz', email: 'beto.diaz@gym.com', password: 'Segundo2026' };
  await request(t.app)
    .post('/v1/users')
    .send({ ...second, code: TEST_STAFF_CODE })
    .expect(201);
  const login = async (body: object) =>
    cookieOf((await request(t.app).post('/v1/user/login').send(body).expect(200)).headers['set-cookie']);
  ana = await login(TEST_ADMIN);
  beto = await login({ email: second.email, password: second.password });
});
afterAll(() => t.close());

const as = (cookie: string) => ({
  post: (path: string) => request(t.app).post(path).set('Cookie', cookie),
  put: (path: string) => request(t.app).put(path).set('Cookie', cookie),
});

let n = 0;
const product = (nombre: string) => ({
  nombre,
  categoria: ['equipos'],
  precio: 4200,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Para editar a la vez',
  portada: false,
  talle: [],
  color: ['negro'],
  stock: 2,
});
const client = () => ({
  idUsuario: `conc-${++n}-${Date.now() % 100_000}`,
  nombre: 'Carla Ruiz',
  edad: 41,
  correo: 'carla.ruiz@correo.com',
  celular: 3815550101,
  plan: 1,
});

describe('products', () => {
  test('when Ana saves first, Beto saving from the same version gets 409 and Ana’s edit stays', async () => {
    const loaded = (await as(ana).post('/v1/products').send(product('Mancuerna')).expect(201)).body.product;
    await as(ana)
      .put(`/v1/product/${loaded._id}`)
      .send({ ...product('Mancuerna de Ana'), updatedAt: loaded.updatedAt })
      .expect(200);
    const res = await as(beto)
      .put(`/v1/product/${loaded._id}`)
      .send({ ...product('Mancuerna de Beto'), updatedAt: loaded.updatedAt })
      .expect(409);
    expect(res.body).toEqual({ error: { message: concurrencyMessages.staleProduct } });
    expect((await t.db('products').where({ id: loaded._id }).first()).nombre).toBe('Mancuerna de Ana');
  });

  test('when both save at the same moment, exactly one wins and the row holds the winner’s edit', async () => {
    const loaded = (await as(ana).post('/v1/products').send(product('Barra')).expect(201)).body.product;
    const [a, b] = await Promise.all([
      as(ana)
        .put(`/v1/product/${loaded._id}`)
        .send({ ...product('Barra de Ana'), updatedAt: loaded.updatedAt }),
      as(beto)
        .put(`/v1/product/${loaded._id}`)
        .send({ ...product('Barra de Beto'), updatedAt: loaded.updatedAt }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'Barra de Ana' : 'Barra de Beto';
    expect((await t.db('products').where({ id: loaded._id }).first()).nombre).toBe(winner);
  });
});

describe('clients', () => {
  test('when Ana saves first, Beto saving from the same version gets 409 and Ana’s edit stays', async () => {
    const loaded = (await as(ana).post('/v1/agregarusuario').send(client()).expect(201)).body;
    await as(ana)
      .post('/v1/actualizarusuario')
      .send({ ...loaded, nombre: 'Carla de Ana' })
      .expect(200);
    const res = await as(beto)
      .post('/v1/actualizarusuario')
      .send({ ...loaded, nombre: 'Carla de Beto' })
      .expect(409);
    expect(res.body).toEqual({ error: { message: clientMessages.stale } });
    expect((await t.db('clients').where({ id_usuario: loaded.idUsuario }).first()).nombre).toBe('Carla de Ana');
  });

  test('when both save at the same moment, exactly one wins and the row holds the winner’s edit', async () => {
    const loaded = (await as(ana).post('/v1/agregarusuario').send(client()).expect(201)).body;
    const [a, b] = await Promise.all([
      as(ana)
        .post('/v1/actualizarusuario')
        .send({ ...loaded, nombre: 'Carla de Ana' }),
      as(beto)
        .post('/v1/actualizarusuario')
        .send({ ...loaded, nombre: 'Carla de Beto' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'Carla de Ana' : 'Carla de Beto';
    expect((await t.db('clients').where({ id_usuario: loaded.idUsuario }).first()).nombre).toBe(winner);
  });
});
