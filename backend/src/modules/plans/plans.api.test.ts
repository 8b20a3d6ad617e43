import request from 'supertest';
import { httpMessages } from '@gym/contracts/messages';
import { planMessages as m, type Plan } from '@gym/contracts/plans';
import { seedPlans } from '@gym/db';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
const uniqueCode = () => `p-${++n}-${Date.now() % 1_000_000}`;
const planCount = async () => Number((await t.db('plans').count({ c: '*' }).first())?.c);
const rowOf = (codigoPlan: string) => t.db('plans').where({ codigo_plan: codigoPlan }).first();
const list = async () => (await staff.get('/v1/obtenerlistadeplanes').expect(200)).body as Plan[];
/** The lowest plan number not in use, so each test can add its own plan. */
const freeIdPlan = async () => {
  const taken = new Set((await list()).map((p) => p.idPlan));
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].find((id) => !taken.has(id))!;
};
const newPlan = async (over: Record<string, unknown> = {}) => ({
  idPlan: await freeIdPlan(),
  nombrePlan: 'Funcional',
  description: 'Entrenamiento funcional en grupo',
  precio: 1800,
  cuotaMensualCentavos: 2_800_000,
  codigoPlan: uniqueCode(),
  ...over,
});
const create = async (over: Record<string, unknown> = {}) =>
  (
    await staff
      .post('/v1/agregarplan')
      .send(await newPlan(over))
      .expect(201)
  ).body as Plan;
const remove = (codigoPlan: string) => staff.post('/v1/borrarPlan').send({ codigoPlan }).expect(200);

describe('a visitor', () => {
  test.each([
    ['get', '/v1/obtenerlistadeplanes'],
    ['post', '/v1/agregarplan'],
    ['post', '/v1/obtenerdataplan'],
    ['post', '/v1/actualizarplan'],
    ['post', '/v1/borrarPlan'],
  ] as const)('when a visitor calls %s %s, then 401 and no plan changes', async (method, path) => {
    const before = await t.db('plans').orderBy('id_plan');
    const res = await request(t.app)
      [method](path)
      .send({ ...(await newPlan()), codigoPlan: 'plan-yoga' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
    expect(await t.db('plans').orderBy('id_plan')).toEqual(before);
  });
});

describe('the plan list (GET /v1/obtenerlistadeplanes)', () => {
  test('when staff open the plans, then the seeded boxeo, yoga and gym plans come as an array by number', async () => {
    const plans = await list();
    expect(plans.slice(0, 3)).toEqual(seedPlans.map((plan) => ({ ...plan, updatedAt: expect.any(String) })));
    expect(plans[0]).toEqual({
      idPlan: 1,
      nombrePlan: 'BOXEO',
      description: expect.any(String),
      precio: 2500,
      cuotaMensualCentavos: 250_000,
      codigoPlan: 'plan-boxeo',
      updatedAt: expect.any(String),
    });
  });
});

describe('adding a plan (POST /v1/agregarplan)', () => {
  test('when staff add a plan, then 201 with it, name and description stored in upper case', async () => {
    const body = await newPlan({ nombrePlan: 'Spinning ñandú', description: 'Bicis fijas, música' });
    const res = await staff.post('/v1/agregarplan').send(body).expect(201);
    expect(res.body).toEqual({
      ...body,
      nombrePlan: 'SPINNING ÑANDÚ',
      description: 'BICIS FIJAS, MÚSICA',
      updatedAt: expect.any(String),
    });
    expect(await rowOf(body.codigoPlan)).toMatchObject({
      id_plan: body.idPlan,
      nombre_plan: 'SPINNING ÑANDÚ',
      description: 'BICIS FIJAS, MÚSICA',
    });
    expect(Number((await rowOf(body.codigoPlan)).precio_centavos)).toBe(180_000);
    await remove(body.codigoPlan);
  });

  test('when the browser sends no codigoPlan, then the server makes one', async () => {
    const { codigoPlan: _omit, ...body } = await newPlan();
    const res = await staff.post('/v1/agregarplan').send(body).expect(201);
    expect(res.body.codigoPlan).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(await rowOf(res.body.codigoPlan)).toBeDefined();
    await remove(res.body.codigoPlan);
  });

  test('the limits themselves are accepted: 30 and 80 characters, $1000 and $100000', async () => {
    const a = await create({ nombrePlan: 'n'.repeat(30), description: 'd'.repeat(80), precio: 1000 });
    const b = await create({ precio: 100000 });
    await remove(a.codigoPlan);
    await remove(b.codigoPlan);
  });

  test.each([
    ['no idPlan', { idPlan: undefined }, 'idPlan', m.idPlanRequired],
    ['idPlan 0', { idPlan: 0 }, 'idPlan', m.idPlanRange],
    ['idPlan 10', { idPlan: 10 }, 'idPlan', m.idPlanRange],
    ['idPlan 1.5', { idPlan: 1.5 }, 'idPlan', m.idPlanRange],
    ['no name', { nombrePlan: '  ' }, 'nombrePlan', m.nombrePlanRequired],
    ['a 31-character name', { nombrePlan: 'n'.repeat(31) }, 'nombrePlan', m.nombrePlanMax],
    ['no description', { description: '' }, 'description', m.descriptionRequired],
    ['an 81-character description', { description: 'd'.repeat(81) }, 'description', m.descriptionMax],
    ['no price', { precio: undefined }, 'precio', m.precioRequired],
    ['price 999', { precio: 999 }, 'precio', m.precioRange],
    ['a monthly fee of $ 999,99', { cuotaMensualCentavos: 99_999 }, 'cuotaMensualCentavos', m.cuotaRange],
    ['a monthly fee over $ 1.000.000', { cuotaMensualCentavos: 100_000_001 }, 'cuotaMensualCentavos', m.cuotaRange],
    [
      'a monthly fee with a fraction of a centavo',
      { cuotaMensualCentavos: 2_500_000.5 },
      'cuotaMensualCentavos',
      m.cuotaNumber,
    ],
    ['price 100001', { precio: 100001 }, 'precio', m.precioRange],
    ['a price with fractions of a centavo', { precio: 2500.125 }, 'precio', m.precioCentavos],
    ['a price in words', { precio: 'mil' }, 'precio', m.precioNumber],
    ['a codigoPlan with spaces', { codigoPlan: 'mi plan' }, 'codigoPlan', m.codigoPlanInvalid],
  ])(
    'when staff add a plan with %s, then 400 with its message and nothing is added',
    async (_s, change, field, message) => {
      const before = await planCount();
      const res = await staff
        .post('/v1/agregarplan')
        .send(await newPlan(change))
        .expect(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
      expect(await planCount()).toBe(before);
    },
  );

  test('when the plan number is taken, then 409 "Ya existe un plan con ese número" and nothing is added', async () => {
    const before = await planCount();
    const res = await staff
      .post('/v1/agregarplan')
      .send(await newPlan({ idPlan: 1 }))
      .expect(409);
    expect(res.body).toEqual({ error: { message: m.duplicateIdPlan, fields: { idPlan: m.duplicateIdPlan } } });
    expect(await planCount()).toBe(before);
  });

  test('when the codigoPlan is taken, then 409 and the plan holding it is unchanged', async () => {
    const before = await rowOf('plan-yoga');
    const res = await staff
      .post('/v1/agregarplan')
      .send(await newPlan({ codigoPlan: 'plan-yoga' }))
      .expect(409);
    expect(res.body.error.message).toBe(m.duplicateCodigoPlan);
    expect(await rowOf('plan-yoga')).toEqual(before);
  });

  test('when there are 9 plans, then a 10th is 409 "Ya hay 9 planes…" and nothing is added', async () => {
    const added: Plan[] = [];
    while ((await planCount()) < 9) added.push(await create());
    const res = await staff
      .post('/v1/agregarplan')
      .send({ ...(await newPlan()), idPlan: 9 })
      .expect(409);
    expect(res.body).toEqual({ error: { message: m.full } });
    expect(await planCount()).toBe(9);
    for (const plan of added) await remove(plan.codigoPlan);
  });
});

describe("the spec's own clients (SPEC §7 bodies, no monthly fee)", () => {
  test('add, list, edit and delete a plan with the bodies exactly as the spec writes them', async () => {
    const idPlan = await freeIdPlan();
    const codigoPlan = uniqueCode();
    const body = { idPlan, nombrePlan: 'Pilates', description: 'Pilates con máquinas', precio: 3200, codigoPlan };
    const added = await staff.post('/v1/agregarplan').send(body).expect(201);
    expect(added.body).toEqual({
      ...body,
      nombrePlan: 'PILATES',
      description: 'PILATES CON MÁQUINAS',
      cuotaMensualCentavos: 320_000,
      updatedAt: expect.any(String),
    });
    expect(Number((await rowOf(codigoPlan)).cuota_mensual_centavos)).toBe(320_000);
    expect((await list()).find((p) => p.codigoPlan === codigoPlan)).toEqual(
      expect.objectContaining({ idPlan, nombrePlan: 'PILATES', precio: 3200, cuotaMensualCentavos: 320_000 }),
    );

    // The desk sets the real monthly fee; the spec's client then edits the hourly price only.
    await staff
      .post('/v1/actualizarplan')
      .send({ ...body, cuotaMensualCentavos: 3_000_000 })
      .expect(200);
    // The audit trail keeps the fee as its rows always have: `cuotaMensual`, in pesos.
    const audited = await t.db('audit_log').where({ entity: 'plan' }).orderBy('id', 'desc').first();
    expect([audited.before.cuotaMensual, audited.after.cuotaMensual, audited.after.cuotaMensualCentavos]).toEqual([
      3200,
      30000,
      undefined,
    ]);
    const edited = await staff
      .post('/v1/actualizarplan')
      .send({ ...body, nombrePlan: 'Pilates reformer', precio: 3500 })
      .expect(200);
    expect(edited.body).toEqual(
      expect.objectContaining({
        codigoPlan,
        nombrePlan: 'PILATES REFORMER',
        precio: 3500,
        cuotaMensualCentavos: 3_000_000,
      }),
    );
    expect(await rowOf(codigoPlan)).toMatchObject({ nombre_plan: 'PILATES REFORMER' });
    expect(Number((await rowOf(codigoPlan)).cuota_mensual_centavos)).toBe(3_000_000);

    await staff.post('/v1/borrarPlan').send({ codigoPlan }).expect(200);
    expect(await rowOf(codigoPlan)).toBeUndefined();
    expect((await list()).some((p) => p.codigoPlan === codigoPlan)).toBe(false);
  });

  test('a monthly fee that is sent is still checked', async () => {
    for (const [cuotaMensualCentavos, message] of [
      ['mucho', m.cuotaNumber],
      [28000.5, m.cuotaNumber],
      [99_999, m.cuotaRange],
    ] as const) {
      const res = await staff
        .post('/v1/agregarplan')
        .send(await newPlan({ cuotaMensualCentavos }))
        .expect(400);
      expect(res.body.error.fields).toEqual({ cuotaMensualCentavos: message });
    }
  });
});

describe('one plan (POST /v1/obtenerdataplan)', () => {
  test('when staff ask for a plan by its code, then an array whose first item is the plan', async () => {
    const res = await staff.post('/v1/obtenerdataplan').send({ codigoPlan: 'plan-yoga' }).expect(200);
    expect(res.body).toEqual([{ ...seedPlans[1], updatedAt: expect.any(String) }]);
  });

  test.each([[{ codigoPlan: 'no-existe' }], [{ codigoPlan: ['plan-yoga'] }], [{}]])(
    'when staff ask for %p, then 404 "El plan no existe"',
    async (body) => {
      const res = await staff.post('/v1/obtenerdataplan').send(body).expect(404);
      expect(res.body).toEqual({ error: { message: m.notFound } });
    },
  );
});

describe('editing a plan (POST /v1/actualizarplan)', () => {
  test('when staff save a plan, then 200 with the change in upper case, stored', async () => {
    const plan = await create();
    const res = await staff
      .post('/v1/actualizarplan')
      .send({ ...plan, nombrePlan: 'Pilates', precio: 3200 })
      .expect(200);
    expect(res.body).toEqual({ ...plan, nombrePlan: 'PILATES', precio: 3200, updatedAt: expect.any(String) });
    expect(await rowOf(plan.codigoPlan)).toMatchObject({ nombre_plan: 'PILATES' });
    await remove(plan.codigoPlan);
  });

  test('when two staff edit the same plan, then the later save from the old version is 409 and keeps the first', async () => {
    const plan = await create();
    // The version is the save's millisecond on this file's real clock: one must pass for the next to differ.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await staff
      .post('/v1/actualizarplan')
      .send({ ...plan, nombrePlan: 'Primero' })
      .expect(200);
    const res = await staff
      .post('/v1/actualizarplan')
      .send({ ...plan, nombrePlan: 'Segundo', precio: 5000 })
      .expect(409);
    expect(res.body).toEqual({ error: { message: m.stale } });
    expect(await rowOf(plan.codigoPlan)).toMatchObject({ nombre_plan: 'PRIMERO' });
    expect(Number((await rowOf(plan.codigoPlan)).precio_centavos)).toBe(plan.precio * 100);
    await remove(plan.codigoPlan);
  });

  test('when a seeded plan (microsecond timestamp) is saved with the version the list shows, then 200', async () => {
    const [boxeo] = await list();
    const res = await staff
      .post('/v1/actualizarplan')
      .send({ ...boxeo, description: 'Boxeo recreativo y competitivo' })
      .expect(200);
    expect(res.body.description).toBe('BOXEO RECREATIVO Y COMPETITIVO');
    await staff
      .post('/v1/actualizarplan')
      .send({ ...res.body, description: boxeo!.description })
      .expect(200);
  });

  test('when a plan clients hold gets a new number, then its clients follow it', async () => {
    const plan = await create();
    const client = { idUsuario: `c-${uniqueCode()}`, nombre: 'Rita', edad: 40, correo: 'rita@correo.com.ar' };
    await staff
      .post('/v1/agregarusuario')
      .send({ ...client, celular: 3815550101, plan: plan.idPlan })
      .expect(201);
    const idPlan = await freeIdPlan();
    await staff
      .post('/v1/actualizarplan')
      .send({ ...plan, idPlan })
      .expect(200);
    expect((await t.db('clients').where({ id_usuario: client.idUsuario }).first()).plan).toBe(idPlan);
    await staff.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);
    await remove(plan.codigoPlan);
  });

  test.each([
    ['a 31-character name', { nombrePlan: 'n'.repeat(31) }, m.nombrePlanMax],
    ['price 999', { precio: 999 }, m.precioRange],
    ['a price with fractions of a centavo', { precio: 2500.125 }, m.precioCentavos],
    ['idPlan 10', { idPlan: 10 }, m.idPlanRange],
  ])('when the edit has %s, then 400 with its message and the plan is unchanged', async (_s, change, message) => {
    const before = await rowOf('plan-boxeo');
    const res = await staff
      .post('/v1/actualizarplan')
      .send({ ...seedPlans[0], ...change })
      .expect(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowOf('plan-boxeo')).toEqual(before);
  });

  test('when the edit takes the number of another plan, then 409 and both plans are unchanged', async () => {
    const before = await t.db('plans').orderBy('id_plan');
    const res = await staff
      .post('/v1/actualizarplan')
      .send({ ...seedPlans[0], idPlan: 2 })
      .expect(409);
    expect(res.body.error.message).toBe(m.duplicateIdPlan);
    expect(await t.db('plans').orderBy('id_plan')).toEqual(before);
  });

  test('when the plan does not exist, then 404 and nothing is added', async () => {
    const before = await planCount();
    const res = await staff
      .post('/v1/actualizarplan')
      .send(await newPlan({ codigoPlan: 'no-existe' }))
      .expect(404);
    expect(res.body).toEqual({ error: { message: m.notFound } });
    expect(await planCount()).toBe(before);
  });
});

describe('deleting a plan (POST /v1/borrarPlan)', () => {
  test('when staff delete a plan no client holds, then 200 with the notice and it is gone', async () => {
    const plan = await create();
    const res = await staff.post('/v1/borrarPlan').send({ codigoPlan: plan.codigoPlan }).expect(200);
    expect(res.body).toEqual({ message: m.deleted });
    expect(await rowOf(plan.codigoPlan)).toBeUndefined();
    await staff.post('/v1/borrarPlan').send({ codigoPlan: plan.codigoPlan }).expect(404);
  });

  test('when clients still hold the plan, then 409 saying so and nothing is deleted', async () => {
    const before = await t.db('plans').orderBy('id_plan');
    const clients = await t.db('clients').count({ c: '*' }).first();
    const res = await staff.post('/v1/borrarPlan').send({ codigoPlan: 'plan-boxeo' }).expect(409);
    expect(res.body).toEqual({ error: { message: m.inUse } });
    expect(res.body.error.message).toMatch(/clientes/);
    expect(await t.db('plans').orderBy('id_plan')).toEqual(before);
    expect(await t.db('clients').count({ c: '*' }).first()).toEqual(clients);
  });

  test('when the plan does not exist, then 404 and nothing is deleted', async () => {
    const before = await planCount();
    const res = await staff.post('/v1/borrarPlan').send({ codigoPlan: 'no-existe' }).expect(404);
    expect(res.body).toEqual({ error: { message: m.notFound } });
    expect(await planCount()).toBe(before);
  });
});
