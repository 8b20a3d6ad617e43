import request from 'supertest';
import { closingMessages as m } from '@gym/contracts/reports';
import { roleMessages } from '@gym/contracts/roles';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { signedInAs, STAFF_PASSWORD } from '../../test/role-agents';

type Agent = ReturnType<typeof request.agent>;

// The last evening of January in Tucumán (UTC−3): at 23:50 there it is already February in UTC.
const clock = manualClock(new Date('2027-01-30T18:00:00-03:00'));
let t: TestApp;
let owner: Agent;
let desk: Agent;
let other: Agent;
const emails = { desk: '', other: '' };
const login = async (email: string) => {
  const agent = request.agent(t.app);
  await agent.post('/v1/user/login').send({ email, password: STAFF_PASSWORD }).expect(200);
  return agent;
};
/** Sessions end after hours idle: everyone signs in again after the clock moves. */
const signIn = async () => {
  owner = await t.staffAgent();
  desk = await login(emails.desk);
  other = await login(emails.other);
};
beforeAll(async () => {
  t = await createTestApp({ clock });
  emails.desk = (await signedInAs(t, 'recepcion')).email;
  emails.other = (await signedInAs(t, 'recepcion')).email;
  await signIn();
});
afterAll(() => t.close());

let n = 0;
const newClient = async (by: Agent) => {
  const idUsuario = `caja-${++n}`;
  const body = {
    idUsuario,
    nombre: 'Ana Paz',
    edad: 30,
    correo: `caja${n}@correo.com`,
    celular: 3815550000 + n,
    plan: 1,
  };
  await by.post('/v1/agregarusuario').send(body).expect(201);
  return idUsuario;
};
/** A membership payment of `pesos`, recorded by `by`. */
const pay = async (by: Agent, method: string, pesos: number) => {
  const res = await by
    .post(`/v1/memberships/${await newClient(by)}/payments`)
    .send({ method, months: 1, amountCentavos: pesos * 100 })
    .expect(201);
  return res.body.payment.id as string;
};
const newProduct = async (precio: number) =>
  (
    await owner
      .post('/v1/products')
      .send({
        nombre: `Caja ${precio}`,
        categoria: ['accesorios'],
        precio,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Para la caja',
        portada: false,
        talle: [],
        color: ['negro'],
        stock: 10,
      })
      .expect(201)
  ).body.product._id as string;
/** A shop order of one unit, marked paid by `by`. */
const paidOrder = async (by: Agent, pago: string, precio: number) => {
  const comprador = { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' };
  const lineas = [{ producto: await newProduct(precio), color: 'negro', cantidad: 1 }];
  const placed = await request(t.app).post('/v1/orders').send({ comprador, pago, lineas }).expect(201);
  const { numero } = placed.body.order as { numero: string };
  await by.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
  return numero;
};
const at = async (iso: string) => {
  clock.advanceMinutes((new Date(iso).getTime() - clock.now().getTime()) / 60_000);
  await signIn();
};

describe('the cash closing of one person’s shift', () => {
  test('expects what they took per method: voids, cancelled orders, yesterday and others left out, across the UTC month', async () => {
    await pay(desk, 'efectivo', 9000); // yesterday in Tucumán: before this first shift
    await at('2027-01-31T21:00:00-03:00');
    await pay(desk, 'efectivo', 10000);
    await pay(desk, 'transferencia', 5000);
    await pay(desk, 'tarjeta', 3000);
    const voided = await pay(desk, 'efectivo', 2000);
    await desk.post(`/v1/payments/${voided}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    await pay(owner, 'efectivo', 7000); // the owner's drawer, not this one
    await pay(other, 'efectivo', 6000); // another receptionist's
    await paidOrder(desk, 'efectivo', 4100);
    const cancelled = await paidOrder(desk, 'transferencia', 1000);
    await desk.post(`/v1/orders/${cancelled}/estado`).send({ estado: 'cancelado' }).expect(200);
    await at('2027-01-31T23:50:00-03:00'); // 02:50 on 1 February in UTC
    await pay(desk, 'efectivo', 1500);

    await at('2027-01-31T23:55:00-03:00');
    const { esperado, cierres } = (await desk.get('/v1/caja').expect(200)).body;
    expect(cierres).toEqual([]);
    expect(esperado).toEqual({
      desde: '2027-01-31T03:00:00.000Z',
      hasta: '2027-02-01T02:55:00.000Z',
      porMetodo: {
        efectivo: { cuotasCentavos: 1_150_000, pedidosCentavos: 410_000 },
        transferencia: { cuotasCentavos: 500_000, pedidosCentavos: 0 },
        tarjeta: { cuotasCentavos: 300_000, pedidosCentavos: 0 },
        mercadopago: { cuotasCentavos: 0, pedidosCentavos: 0 },
      },
      efectivoCentavos: 1_560_000,
      pagos: 4,
      pedidos: 1,
      anulados: 1,
    });

    // $ 100 short: the note is required, and without it nothing is kept.
    const before = await t.db('audit_log').count({ n: '*' }).first();
    const bare = await desk.post('/v1/caja/cierres').send({ contadoCentavos: 1_550_000 });
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toBe(m.noteRequired);
    expect(Number((await t.db('cash_closings').count({ n: '*' }).first())!.n)).toBe(0);
    // Pressed three times at once (two tabs, a double submit): one closing, the others refused.
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        desk.post('/v1/caja/cierres').send({ contadoCentavos: 1_550_000, nota: 'Faltan $ 100: vuelto mal dado' }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(tries.filter((r) => r.status === 409).map((r) => r.body.error.message)).toEqual([
      m.justClosed,
      m.justClosed,
    ]);
    const made = tries.find((r) => r.status === 201)!;
    expect(made.body.cierre).toEqual(
      expect.objectContaining({
        contadoCentavos: 1_550_000,
        diferenciaCentavos: -10_000,
        nota: 'Faltan $ 100: vuelto mal dado',
      }),
    );
    // The column keeps the expectation as closings always stored it; the answer names the unit.
    const stored = await t.db('cash_closings').first('expected');
    expect(typeof stored.expected === 'string' ? JSON.parse(stored.expected) : stored.expected).toEqual(
      expect.objectContaining({
        efectivo: 1_560_000,
        porMetodo: expect.objectContaining({ efectivo: { cuotas: 1_150_000, pedidos: 410_000 } }),
      }),
    );
    expect(made.body.cierre.esperado).toEqual(esperado);
    const after = await t.db('audit_log').count({ n: '*' }).first();
    expect(Number(after!.n) - Number(before!.n)).toBe(1);
    const row = await t.db('audit_log').orderBy('id', 'desc').first();
    expect(row).toEqual(expect.objectContaining({ entity: 'caja', action: 'cerrar' }));
    expect(row.after).toEqual(
      expect.objectContaining({ esperado: 1_560_000, contado: 1_550_000, diferencia: -10_000 }),
    );

    // The next shift starts at that closing.
    await at('2027-02-01T00:10:00-03:00');
    await pay(desk, 'efectivo', 800);
    const next = (await desk.get('/v1/caja').expect(200)).body;
    expect(next.esperado).toEqual(
      expect.objectContaining({ desde: '2027-02-01T02:55:00.000Z', efectivoCentavos: 80_000, pagos: 1 }),
    );
    expect(next.cierres).toHaveLength(1);

    // Immutable, listed for the owner by day in Tucumán, printable by its maker and the owner only.
    await expect(t.db('cash_closings').update({ note: 'otra' })).rejects.toThrow(/immutable/);
    await expect(t.db('cash_closings').delete()).rejects.toThrow(/immutable/);
    const day = (await owner.get('/v1/caja/cierres').query({ dia: '2027-01-31' }).expect(200)).body;
    expect(day.cierres.map((c: { diferenciaCentavos: number }) => c.diferenciaCentavos)).toEqual([-10_000]);
    expect((await owner.get('/v1/caja/cierres').query({ dia: '2027-02-01' }).expect(200)).body.cierres).toEqual([]);
    const id = made.body.cierre.id as string;
    for (const who of [desk, owner]) {
      const pdf = await who.get(`/v1/caja/cierres/${id}/pdf`).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const stranger = await other.get(`/v1/caja/cierres/${id}/pdf`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(m.notFound);
  });

  test('a coach has no drawer; the desk sees only its own closings', async () => {
    const coach = (await signedInAs(t, 'entrenador')).agent;
    const res = await coach.get('/v1/caja');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(roleMessages.forbidden);
    expect((await desk.get('/v1/caja/cierres')).status).toBe(403);
    const closings = async () => Number((await t.db('cash_closings').count({ n: '*' }).first())!.n);
    const kept = await closings();
    const bad = await desk.post('/v1/caja/cierres').send({ contadoCentavos: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(m.countedInvalid);
    // Whole centavos only, and the old pesos field is not read: it is a missing amount.
    const part = await desk.post('/v1/caja/cierres').send({ contadoCentavos: 1000.5 });
    expect(part.status).toBe(400);
    expect(part.body.error.message).toBe(m.countedInvalid);
    const pesos = await desk.post('/v1/caja/cierres').send({ contado: 15500, nota: 'x' });
    expect(pesos.status).toBe(400);
    expect(pesos.body.error.message).toBe(m.countedRequired);
    expect(await closings()).toBe(kept);
    expect((await owner.get('/v1/caja/cierres').query({ dia: '31/01/2027' })).body.error.message).toBe(m.invalidDate);
  });
});
