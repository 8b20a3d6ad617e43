import request from 'supertest';
import { clientMessages, type Client } from '@gym/contracts/clients';
import { httpMessages } from '@gym/contracts/messages';
import { SHIFTS, shiftMessages, type ShiftRow } from '@gym/contracts/shifts';
import { seedTrainers } from '@gym/db';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
const addClient = async (over: Record<string, unknown> = {}) =>
  (
    await staff
      .post('/v1/agregarusuario')
      .send({
        idUsuario: `s-${++n}-${Date.now() % 1_000_000}`,
        nombre: `Cliente ${n}`,
        edad: 25,
        correo: 'cliente@correo.com',
        celular: 3815550000 + n,
        plan: 1,
        ...over,
      })
      .expect(201)
  ).body as Client;
const shifts = async () => (await staff.get('/v1/turnos').expect(200)).body as ShiftRow[];
const rowOf = (idUsuario: string) => t.db('clients').where({ id_usuario: idUsuario }).first();

/** The least busy value, ties going to the first in `order`. */
const leastBusy = (values: string[], order: readonly string[]) =>
  [...order].sort((a, b) => values.filter((v) => v === a).length - values.filter((v) => v === b).length)[0];

describe('a visitor', () => {
  test.each([
    ['get', '/v1/turnos'],
    ['get', '/v1/entrenadores'],
    ['put', '/v1/turnos/demo-001'],
  ] as const)('when a visitor calls %s %s, then 401 and no shift changes', async (method, path) => {
    const before = await t.db('clients').orderBy('id_usuario');
    const res = await request(t.app)[method](path).send({ turno: 'Noche', entrenador: 'Diego Sosa' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
    expect(await t.db('clients').orderBy('id_usuario')).toEqual(before);
  });
});

describe('the shifts table (GET /v1/turnos)', () => {
  test('when staff open Turnos, then one row per client, in the client list order, with its stored shift and trainer', async () => {
    const clients = (await staff.get('/v1/obtenerlistadeusuarios').expect(200)).body as Client[];
    const rows = await shifts();
    expect(rows).toEqual(
      clients.map((c) => ({ idUsuario: c.idUsuario, turno: c.turno, usuario: c.nombre, entrenador: c.entrenador })),
    );
    expect(rows[0]).toEqual({
      idUsuario: 'demo-001',
      turno: 'Mañana',
      usuario: 'Lucía Fernández',
      entrenador: 'Martín Gómez',
    });
  });

  test('when Turnos is read twice with no change, then both answers are the same (nothing is drawn at random)', async () => {
    expect(await shifts()).toEqual(await shifts());
  });

  test('the seeded clients cover every shift and every trainer', async () => {
    const rows = await shifts();
    expect(new Set(rows.map((r) => r.turno))).toEqual(new Set(SHIFTS));
    expect(new Set(rows.map((r) => r.entrenador))).toEqual(new Set(seedTrainers));
  });
});

describe('the trainers (GET /v1/entrenadores)', () => {
  test('when staff ask for the trainers, then the three names come as an array', async () => {
    const res = await staff.get('/v1/entrenadores').expect(200);
    expect(res.body).toEqual(['Martín Gómez', 'Carla Ruiz', 'Diego Sosa']);
  });
});

describe('assigning a new client', () => {
  test('when a client is added without shift or trainer, then the least busy of each is stored', async () => {
    for (let i = 0; i < 4; i++) {
      const rows = await shifts();
      const turno = leastBusy(
        rows.map((r) => r.turno),
        SHIFTS,
      );
      const entrenador = leastBusy(
        rows.map((r) => r.entrenador),
        seedTrainers,
      );
      const client = await addClient();
      expect(client).toMatchObject({ turno, entrenador });
      expect(await rowOf(client.idUsuario)).toMatchObject({ turno });
    }
  });

  test('when the shift and trainer are named, then those are stored even if busier', async () => {
    for (let i = 0; i < 3; i++) await addClient({ turno: 'Noche', entrenador: 'Diego Sosa' });
    const client = await addClient({ turno: 'Noche', entrenador: 'Diego Sosa' });
    expect(client).toMatchObject({ turno: 'Noche', entrenador: 'Diego Sosa' });
    const next = await addClient();
    expect(next.turno).not.toBe('Noche');
    expect(next.entrenador).not.toBe('Diego Sosa');
  });
});

describe('changing a shift (PUT /v1/turnos/:idUsuario)', () => {
  test('when staff change a client shift and trainer, then 200 with the row, stored, and Turnos shows it', async () => {
    const client = await addClient({ turno: 'Mañana', entrenador: 'Martín Gómez' });
    const res = await staff
      .put(`/v1/turnos/${client.idUsuario}`)
      .send({ turno: 'Noche', entrenador: 'Carla Ruiz' })
      .expect(200);
    const row = { idUsuario: client.idUsuario, turno: 'Noche', usuario: client.nombre, entrenador: 'Carla Ruiz' };
    expect(res.body).toEqual(row);
    expect((await shifts()).find((r) => r.idUsuario === client.idUsuario)).toEqual(row);
    const trainer = await t.db('trainers').where({ nombre: 'Carla Ruiz' }).first();
    expect(await rowOf(client.idUsuario)).toMatchObject({ turno: 'Noche', trainer_id: trainer.id });
  });

  test.each([
    ['an unknown shift', { turno: 'Siesta', entrenador: 'Carla Ruiz' }, 'turno', shiftMessages.turnoInvalid],
    ['no shift', { entrenador: 'Carla Ruiz' }, 'turno', shiftMessages.turnoInvalid],
    [
      'an unknown trainer',
      { turno: 'Tarde', entrenador: 'Nadie Nadie' },
      'entrenador',
      shiftMessages.entrenadorInvalid,
    ],
    ['no trainer', { turno: 'Tarde' }, 'entrenador', shiftMessages.entrenadorInvalid],
    [
      'a trainer given as a list',
      { turno: 'Tarde', entrenador: ['Carla Ruiz'] },
      'entrenador',
      shiftMessages.entrenadorInvalid,
    ],
  ])(
    'when the change has %s, then 400 with its message and the client is unchanged',
    async (_s, body, field, message) => {
      const before = await rowOf('demo-002');
      const res = await staff.put('/v1/turnos/demo-002').send(body).expect(400);
      expect(res.body).toEqual({ error: { message, fields: { [field]: message } } });
      expect(await rowOf('demo-002')).toEqual(before);
    },
  );

  test('when the client does not exist, then 404 "El usuario no existe"', async () => {
    const before = await t.db('clients').orderBy('id_usuario');
    const res = await staff.put('/v1/turnos/no-existe').send({ turno: 'Tarde', entrenador: 'Carla Ruiz' }).expect(404);
    expect(res.body).toEqual({ error: { message: clientMessages.notFound } });
    expect(await t.db('clients').orderBy('id_usuario')).toEqual(before);
  });
});
