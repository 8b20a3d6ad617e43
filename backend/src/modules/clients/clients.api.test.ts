import request from 'supertest';
import { clientMessages as m, clientSchema, type Client } from '@gym/contracts/clients';
import { httpMessages } from '@gym/contracts/messages';
import { SHIFTS, shiftMessages } from '@gym/contracts/shifts';
import { seedClients } from '@gym/db';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
const uniqueId = () => `u-${++n}-${Date.now() % 1_000_000}`;
const newClient = (over: Record<string, unknown> = {}) => ({
  idUsuario: uniqueId(),
  nombre: 'Ana Paz',
  edad: 30,
  correo: 'ana.paz@correo.com',
  celular: 3815550000,
  plan: 2,
  ...over,
});
const clientCount = async () => Number((await t.db('clients').count({ c: '*' }).first())?.c);
const rowOf = (idUsuario: string) => t.db('clients').where({ id_usuario: idUsuario }).first();
const create = async (over: Record<string, unknown> = {}) =>
  (await staff.post('/v1/agregarusuario').send(newClient(over)).expect(201)).body as Client;
const list = async () => (await staff.get('/v1/obtenerlistadeusuarios').expect(200)).body as Client[];

describe('a visitor', () => {
  test.each([
    ['get', '/v1/obtenerlistadeusuarios'],
    ['post', '/v1/agregarusuario'],
    ['post', '/v1/obtenerdatausuario'],
    ['post', '/v1/actualizarusuario'],
    ['post', '/v1/borrarusuario'],
  ] as const)('when a visitor calls %s %s, then 401 and no client changes', async (method, path) => {
    const before = await t.db('clients').orderBy('id_usuario');
    const res = await request(t.app)
      [method](path)
      .send(newClient({ idUsuario: 'demo-001' }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
    expect(await t.db('clients').orderBy('id_usuario')).toEqual(before);
  });
});

describe('the client list (GET /v1/obtenerlistadeusuarios)', () => {
  test('when staff open the list, then the seeded clients come as an array in the order they were added', async () => {
    const clients = await list();
    expect(clients.slice(0, 12).map((c) => c.idUsuario)).toEqual(seedClients.map((c) => c.idUsuario));
    expect(clients[0]).toEqual({
      idUsuario: 'demo-001',
      nombre: 'Lucía Fernández',
      edad: 24,
      correo: 'lucia.fernandez@correo.com',
      celular: 3815123401,
      plan: 1,
      turno: 'Mañana',
      entrenador: 'Martín Gómez',
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('when the list is read twice with no change, then both answers are the same', async () => {
    expect(await list()).toEqual(await list());
  });

  test('the demo clients follow the client rules and cover every plan, shift and trainer', async () => {
    for (const client of seedClients) expect(() => clientSchema.validateSync(client)).not.toThrow();
    expect(seedClients.length).toBeGreaterThanOrEqual(12);
    expect(new Set(seedClients.map((c) => c.plan))).toEqual(new Set([1, 2, 3]));
    expect(new Set(seedClients.map((c) => c.turno))).toEqual(new Set(SHIFTS));
    expect(new Set(seedClients.map((c) => c.entrenador)).size).toBe(3);
  });
});

describe('adding a client (POST /v1/agregarusuario)', () => {
  test('when staff add a valid client, then 201 with the client, stored as sent and listed last', async () => {
    const body = newClient({ turno: 'Noche', entrenador: 'Carla Ruiz' });
    const res = await staff.post('/v1/agregarusuario').send(body).expect(201);
    expect(res.body).toEqual({ ...body, updatedAt: expect.any(String) });
    const row = await rowOf(body.idUsuario);
    expect({ ...row, celular: Number(row.celular) }).toMatchObject({
      id_usuario: body.idUsuario,
      nombre: 'Ana Paz',
      edad: 30,
      correo: 'ana.paz@correo.com',
      celular: 3815550000,
      plan: 2,
      turno: 'Noche',
    });
    expect((await list()).at(-1)).toEqual(res.body);
  });

  test('when the browser sends no idUsuario, then the server makes one and keeps it', async () => {
    const { idUsuario: _omit, ...body } = newClient();
    const res = await staff.post('/v1/agregarusuario').send(body).expect(201);
    expect(res.body.idUsuario).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(await rowOf(res.body.idUsuario)).toBeDefined();
  });

  test('when text is sent with spaces around and the plan as "003", then it is stored trimmed and as 3', async () => {
    const client = await create({ nombre: '  Eva Luna  ', correo: ' eva.luna@correo.com ', plan: '003' });
    expect(client).toMatchObject({ nombre: 'Eva Luna', correo: 'eva.luna@correo.com', plan: 3 });
  });

  test('the limits themselves are accepted: 3 and 15 characters, 10 and 100 years, 13 and 50 characters', async () => {
    await create({ nombre: 'Leo', edad: 10, correo: 'leo@gym.co.ar', celular: 1111111111, plan: 1 });
    await create({ nombre: 'x'.repeat(15), edad: 100, correo: `${'a'.repeat(42)}@gym.com`, celular: 999999999999 });
  });

  test('when the idUsuario is taken, then 409 with its message and nothing is added', async () => {
    const before = await clientCount();
    const res = await staff
      .post('/v1/agregarusuario')
      .send(newClient({ idUsuario: 'demo-001' }))
      .expect(409);
    expect(res.body).toEqual({ error: { message: m.duplicate, fields: { idUsuario: m.duplicate } } });
    expect(await clientCount()).toBe(before);
    expect((await rowOf('demo-001')).nombre).toBe('Lucía Fernández');
  });

  test.each([
    ['no nombre', { nombre: '' }, 'nombre', m.nombreRequired],
    ['a 2-character nombre', { nombre: 'Al' }, 'nombre', m.nombreLength],
    ['a 16-character nombre', { nombre: 'x'.repeat(16) }, 'nombre', m.nombreLength],
    ['a nombre that is a list', { nombre: ['Ana'] }, 'nombre', m.nombreLength],
    ['no edad', { edad: undefined }, 'edad', m.edadRequired],
    ['edad 9', { edad: 9 }, 'edad', m.edadRange],
    ['edad 101', { edad: 101 }, 'edad', m.edadRange],
    ['edad with decimals', { edad: 20.5 }, 'edad', m.edadNumber],
    ['edad as words', { edad: 'veinte' }, 'edad', m.edadNumber],
    ['no correo', { correo: '' }, 'correo', m.correoRequired],
    ['a correo without @', { correo: 'ana.paz.correo.com' }, 'correo', m.correoInvalid],
    ['a correo with a space', { correo: 'ana paz@correo.com' }, 'correo', m.correoInvalid],
    ['a 12-character correo', { correo: 'ana@gym.com1' }, 'correo', m.correoLength],
    ['a 51-character correo', { correo: `${'a'.repeat(43)}@gym.com` }, 'correo', m.correoLength],
    ['no celular', { celular: undefined }, 'celular', m.celularRequired],
    ['celular 1111111110', { celular: 1111111110 }, 'celular', m.celularRange],
    ['celular 1000000000000', { celular: 1000000000000 }, 'celular', m.celularRange],
    ['a celular with dashes', { celular: '381-555-0000' }, 'celular', m.celularNumber],
    ['no plan', { plan: undefined }, 'plan', m.planRequired],
    ['plan 0', { plan: 0 }, 'plan', m.planRange],
    ['plan 10', { plan: 10 }, 'plan', m.planRange],
    ['a plan no one created (7)', { plan: 7 }, 'plan', m.planUnknown],
    ['an unknown shift', { turno: 'Madrugada' }, 'turno', shiftMessages.turnoInvalid],
    ['an unknown trainer', { entrenador: 'Nadie' }, 'entrenador', shiftMessages.entrenadorInvalid],
    ['an idUsuario with a slash', { idUsuario: 'a/b' }, 'idUsuario', m.idUsuarioInvalid],
    ['an idUsuario of 65 characters', { idUsuario: 'x'.repeat(65) }, 'idUsuario', m.idUsuarioInvalid],
  ])(
    'when staff add a client with %s, then 400 with its message and nothing is added',
    async (_s, change, field, message) => {
      const before = await clientCount();
      const res = await staff.post('/v1/agregarusuario').send(newClient(change)).expect(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
      expect(await clientCount()).toBe(before);
    },
  );

  test('when every field is wrong, then each field has its own message', async () => {
    const res = await staff
      .post('/v1/agregarusuario')
      .send({ nombre: 'A', edad: 5, correo: 'x', celular: 1, plan: 12 })
      .expect(400);
    expect(res.body.error.fields).toEqual({
      nombre: m.nombreLength,
      edad: m.edadRange,
      correo: m.correoInvalid,
      celular: m.celularRange,
      plan: m.planRange,
    });
  });
});

describe('one client (POST /v1/obtenerdatausuario)', () => {
  test('when staff ask for a known client, then an array whose first item is the client', async () => {
    const client = await create();
    const res = await staff.post('/v1/obtenerdatausuario').send({ idUsuario: client.idUsuario }).expect(200);
    expect(res.body).toEqual([client]);
  });

  test.each([[{ idUsuario: 'no-existe' }], [{ idUsuario: "1' OR '1'='1" }], [{ idUsuario: 5 }], [{}]])(
    'when staff ask for %p, then 404 "El usuario no existe"',
    async (body) => {
      const res = await staff.post('/v1/obtenerdatausuario').send(body).expect(404);
      expect(res.body).toEqual({ error: { message: m.notFound } });
    },
  );
});

describe('editing a client (POST /v1/actualizarusuario)', () => {
  test('when staff save the whole client, then 200 with the change, stored, shift and trainer kept', async () => {
    const client = await create({ turno: 'Tarde', entrenador: 'Diego Sosa' });
    const res = await staff
      .post('/v1/actualizarusuario')
      .send({ ...newClient({ idUsuario: client.idUsuario, nombre: 'Ana María', edad: 31, plan: 3 }) })
      .expect(200);
    expect(res.body).toMatchObject({
      idUsuario: client.idUsuario,
      nombre: 'Ana María',
      edad: 31,
      plan: 3,
      turno: 'Tarde',
      entrenador: 'Diego Sosa',
    });
    expect(res.body.updatedAt).not.toBe(client.updatedAt);
    expect(await rowOf(client.idUsuario)).toMatchObject({ nombre: 'Ana María', edad: 31, plan: 3, turno: 'Tarde' });
  });

  test('when the edit names a shift and a trainer, then they change too', async () => {
    const client = await create({ turno: 'Mañana', entrenador: 'Martín Gómez' });
    const res = await staff
      .post('/v1/actualizarusuario')
      .send({ ...client, turno: 'Noche', entrenador: 'Carla Ruiz' })
      .expect(200);
    expect(res.body).toMatchObject({ turno: 'Noche', entrenador: 'Carla Ruiz' });
  });

  test.each([
    ['a 2-character nombre', { nombre: 'Al' }, m.nombreLength],
    ['edad 101', { edad: 101 }, m.edadRange],
    ['a correo without @', { correo: 'sin.arroba.com.ar' }, m.correoInvalid],
    ['a short celular', { celular: 123 }, m.celularRange],
    ['a plan no one created', { plan: 8 }, m.planUnknown],
    ['an unknown trainer', { entrenador: 'Nadie' }, shiftMessages.entrenadorInvalid],
  ])('when the edit has %s, then 400 with its message and the client is unchanged', async (_s, change, message) => {
    const client = await create();
    const before = await rowOf(client.idUsuario);
    const res = await staff
      .post('/v1/actualizarusuario')
      .send({ ...client, ...change })
      .expect(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowOf(client.idUsuario)).toEqual(before);
  });

  test('when two staff edit the same client, then the later save with a stale updatedAt is 409 and keeps the first', async () => {
    const client = await create();
    // The version is the save's millisecond on this file's real clock: one must pass for the next to differ.
    await new Promise((r) => setTimeout(r, 5));
    await staff
      .post('/v1/actualizarusuario')
      .send({ ...client, nombre: 'Primero' })
      .expect(200);
    const res = await staff
      .post('/v1/actualizarusuario')
      .send({ ...client, nombre: 'Segundo' })
      .expect(409);
    expect(res.body).toEqual({ error: { message: m.stale } });
    expect((await rowOf(client.idUsuario)).nombre).toBe('Primero');
  });

  test('when the edit carries the current updatedAt, then it is saved', async () => {
    const client = await create();
    const first = await staff
      .post('/v1/actualizarusuario')
      .send({ ...client, nombre: 'Primero' })
      .expect(200);
    await staff
      .post('/v1/actualizarusuario')
      .send({ ...first.body, nombre: 'Segundo' })
      .expect(200);
    expect((await rowOf(client.idUsuario)).nombre).toBe('Segundo');
  });

  test('when staff edit a seeded client with the updatedAt the list gave them, then it is saved', async () => {
    const seeded = (await list()).find((c) => c.idUsuario === 'demo-012')!;
    const res = await staff
      .post('/v1/actualizarusuario')
      .send({ ...seeded, edad: 39 })
      .expect(200);
    expect(res.body).toMatchObject({ idUsuario: 'demo-012', edad: 39 });
    expect((await rowOf('demo-012')).edad).toBe(39);
  });

  test('when the client does not exist, then 404 and nothing is added', async () => {
    const before = await clientCount();
    const res = await staff
      .post('/v1/actualizarusuario')
      .send(newClient({ idUsuario: 'no-existe' }))
      .expect(404);
    expect(res.body).toEqual({ error: { message: m.notFound } });
    expect(await clientCount()).toBe(before);
  });
});

describe('deleting a client (POST /v1/borrarusuario)', () => {
  test('when staff delete a client, then 200 with the Spanish notice, the row is gone and a second delete is 404', async () => {
    const client = await create();
    const res = await staff.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);
    expect(res.body).toEqual({ message: m.deleted, archived: false });
    expect(await rowOf(client.idUsuario)).toBeUndefined();
    expect((await list()).map((c) => c.idUsuario)).not.toContain(client.idUsuario);
    const again = await staff.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(404);
    expect(again.body).toEqual({ error: { message: m.notFound } });
  });

  test('when the body names no client, then 404 and nothing is deleted', async () => {
    const before = await clientCount();
    await staff.post('/v1/borrarusuario').send({}).expect(404);
    await staff.post('/v1/borrarusuario').send({ idUsuario: '%' }).expect(404);
    expect(await clientCount()).toBe(before);
  });
});
