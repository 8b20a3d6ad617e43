import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { reportMessages as m, type IncomeReport, type MembersReport, type ShopReport } from '@gym/contracts/reports';
import { roleMessages } from '@gym/contracts/roles';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { signedInAs } from '../../test/role-agents';

type Agent = ReturnType<typeof request.agent>;

// Saturday 15 March 2031 in Tucumán: the twelve months run from April 2030 to March 2031, far from
// the demo memberships the template seeded around the day it was built.
const clock = manualClock(new Date('2031-03-15T12:00:00-03:00'));
let t: TestApp;
let owner: Agent;
let desk: Agent;
const plans: { id: number; nombre: string }[] = [];

/** A year of history written straight into the tables, with the values the reports must add up. */
async function seedHistory() {
  const rows: { id_plan: number; nombre_plan: string }[] = await t.db('plans').select().orderBy('id_plan').limit(2);
  plans.push(...rows.map((p) => ({ id: p.id_plan, nombre: p.nombre_plan })));
  const [p1, p2] = plans.map((p) => p.id) as [number, number];
  const trainer = (await t.db('trainers').first('id')).id;
  await t.db('clients').insert(
    ['hist-a', 'hist-b', 'hist-c', 'hist-d', 'hist-e', 'hist-f'].map((id, i) => ({
      id_usuario: id,
      nombre: `Historia ${i}`,
      edad: 30,
      correo: `${id}@correo.com`,
      celular: 3815550100 + i,
      plan: p1,
      turno: 'Tarde',
      trainer_id: trainer,
    })),
  );
  let receipts = 0;
  const payment = (
    id: string,
    plan: number,
    method: string,
    amount: number,
    at: string,
    from: string,
    to: string,
    voided = false,
  ) => ({
    id_usuario: id,
    id_plan: plan,
    method,
    amount_centavos: amount,
    plan_price_centavos: amount,
    months: 1,
    period_from: from,
    period_to: to,
    days_added: 30,
    created_at: at,
    voided_at: voided ? at : null,
    void_reason: voided ? 'Cargado dos veces' : null,
    receipt_number: 900_000 + ++receipts,
  });
  await t.db('membership_payments').insert([
    // Two periods three months apart: lost in May, back (a new start) in August, lost again.
    payment('hist-e', p2, 'tarjeta', 800_000, '2030-05-01T10:00:00-03:00', '2030-05-01', '2030-05-31'),
    payment('hist-e', p2, 'tarjeta', 800_000, '2030-08-01T10:00:00-03:00', '2030-08-01', '2030-08-31'),
    // One month and gone: a start and a loss in October.
    payment('hist-c', p1, 'efectivo', 1_000_000, '2030-10-01T10:00:00-03:00', '2030-10-01', '2030-10-31'),
    // Renewed 20 days late (within 30: not lost), then gone after 19 January.
    payment('hist-d', p1, 'mercadopago', 1_200_000, '2030-11-01T10:00:00-03:00', '2030-11-01', '2030-11-30'),
    payment('hist-d', p1, 'mercadopago', 1_200_000, '2030-12-20T10:00:00-03:00', '2030-12-20', '2031-01-19'),
    // 23:30 of 31 January in Tucumán is 1 February in UTC: January's money.
    payment('hist-a', p1, 'efectivo', 1_000_000, '2031-01-31T23:30:00-03:00', '2031-02-01', '2031-02-28'),
    payment('hist-b', p2, 'transferencia', 2_000_000, '2031-02-01T00:30:00-03:00', '2031-02-01', '2031-04-30'),
    // Voided: counted nowhere.
    payment('hist-f', p2, 'tarjeta', 500_000, '2031-02-10T10:00:00-03:00', '2031-02-10', '2031-03-09', true),
  ]);
  // B's three months are paid until 30 April, as recording them through the desk leaves it: active today.
  await t.db('membership_payments').where({ id_usuario: 'hist-b' }).update({ days_added: 89 });
  await t.db('memberships').insert({ id_usuario: 'hist-b', start_date: '2031-02-01', paid_until: '2031-04-30' });

  /** An order and its lines in one transaction, as the shop writes them (the reports count it at commit). */
  const order = (pago: string, estado: string, pagadoAt: string | null, lines: [string, number, number][]) =>
    t.db.transaction(async (trx) => {
      const [{ id }] = await trx('orders').insert(
        {
          token: randomUUID(),
          estado,
          comprador_nombre: 'Lía',
          comprador_apellido: 'Sosa',
          comprador_email: 'lia.sosa@correo.com',
          comprador_celular: '3815551111',
          pago,
          total_centavos: lines.reduce((t, [, q, c]) => t + q * c, 0),
          pagado_at: pagadoAt,
        },
        ['id'],
      );
      await trx('order_lines').insert(
        lines.map(([nombre, cantidad, precio], position) => ({
          order_id: id,
          position,
          product_id: products.get(nombre) ?? products.set(nombre, randomUUID()).get(nombre),
          nombre,
          cantidad,
          precio_centavos: precio,
          subtotal_centavos: cantidad * precio,
        })),
      );
    });
  const products = new Map<string, string>();
  const six = [1, 2, 3, 4, 5, 6].map((k): [string, number, number] => [`Banda ${k}`, 1, 40_000 * k]);
  await order('efectivo', 'entregado', '2030-12-10T11:00:00-03:00', six);
  // 23:10 of 28 February in Tucumán is March in UTC: February's sale.
  await order('transferencia', 'pagado', '2031-02-28T23:10:00-03:00', [
    ['Guantes', 2, 110_000],
    ['Botella', 1, 100_000],
  ]);
  await order('mercadopago', 'pagado', '2031-03-02T09:00:00-03:00', [['Botella', 1, 150_000]]);
  await order('efectivo', 'cancelado', '2031-02-15T09:00:00-03:00', [['Guantes', 5, 110_000]]);
  await order('efectivo', 'pendiente', null, [['Guantes', 1, 110_000]]);

  const checkin = (at: string, allowed = true) => ({
    at,
    id_usuario: 'hist-b',
    channel: 'qr',
    allowed,
    reason: allowed ? 'Cuota al día' : 'Cuota vencida',
  });
  await t.db('checkins').insert([
    checkin('2031-03-10T19:05:00-03:00'), // Monday 19 h
    checkin('2031-03-03T19:40:00-03:00'), // Monday 19 h
    checkin('2031-03-10T23:50:00-03:00'), // Monday 23 h in Tucumán, Tuesday in UTC
    checkin('2031-03-15T08:00:00-03:00'), // Saturday 8 h
    checkin('2031-03-10T19:10:00-03:00', false), // turned away: not counted
    { ...checkin('2031-03-10T19:20:00-03:00'), is_repeat: true }, // the same pass again (amber): not counted
    checkin('2030-12-21T19:00:00-03:00'), // before the twelve weeks
  ]);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  desk = (await signedInAs(t, 'recepcion')).agent;
  owner = await t.staffAgent();
  await seedHistory();
});
afterAll(() => t.close());

/** month 'aaaa-mm' → its value in a series. */
const byMonth = (meses: string[], values: number[]) =>
  Object.fromEntries(meses.map((mes, i) => [mes, values[i]]).filter(([, v]) => v !== 0));

describe('the owner’s reports over time', () => {
  test('income per month by method and by plan: voids, cancelled and pending orders left out, months in Tucumán', async () => {
    const res = await owner.get('/v1/reportes/ingresos').expect(200);
    const r = res.body as IncomeReport;
    expect(r.meses).toEqual([
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
    ]);
    expect(byMonth(r.meses, r.porMetodoCentavos.efectivo)).toEqual({
      '2030-10': 1_000_000,
      '2030-12': 840_000,
      '2031-01': 1_000_000,
    });
    expect(byMonth(r.meses, r.porMetodoCentavos.transferencia)).toEqual({ '2031-02': 2_320_000 });
    expect(byMonth(r.meses, r.porMetodoCentavos.tarjeta)).toEqual({ '2030-05': 800_000, '2030-08': 800_000 });
    expect(byMonth(r.meses, r.porMetodoCentavos.mercadopago)).toEqual({
      '2030-11': 1_200_000,
      '2030-12': 1_200_000,
      '2031-03': 150_000,
    });
    expect(r.porPlan.map((p) => [p.nombre, byMonth(r.meses, p.montosCentavos)])).toEqual([
      [plans[0]!.nombre, { '2030-10': 1_000_000, '2030-11': 1_200_000, '2030-12': 1_200_000, '2031-01': 1_000_000 }],
      [plans[1]!.nombre, { '2030-05': 800_000, '2030-08': 800_000, '2031-02': 2_000_000 }],
      [m.shop, { '2030-12': 840_000, '2031-02': 320_000, '2031-03': 150_000 }],
    ]);
    expect(byMonth(r.meses, r.totalCentavos)).toEqual({
      '2030-05': 800_000,
      '2030-08': 800_000,
      '2030-10': 1_000_000,
      '2030-11': 1_200_000,
      '2030-12': 2_040_000,
      '2031-01': 1_000_000,
      '2031-02': 2_320_000,
      '2031-03': 150_000,
    });
  });

  test('active members at each month’s end, starts, and losses once 30 days have passed without a renewal', async () => {
    const r = (await owner.get('/v1/reportes/socios').expect(200)).body as MembersReport;
    expect(byMonth(r.meses, r.activos)).toEqual({
      '2030-05': 1,
      '2030-08': 1,
      '2030-10': 1,
      '2030-11': 1,
      '2030-12': 1,
      '2031-02': 2,
      '2031-03': 1, // today: B still paid for, A ended on 28 February
    });
    expect(r.activosHoy).toBe(1);
    expect(byMonth(r.meses, r.altas)).toEqual({ '2030-05': 1, '2030-08': 1, '2030-10': 1, '2030-11': 1, '2031-02': 2 });
    // A loss counts in the month of the first day without cuota. A's period ended on 28 February:
    // fewer than 30 days ago, it may still be renewed.
    expect(byMonth(r.meses, r.bajas)).toEqual({ '2030-06': 1, '2030-09': 1, '2030-11': 1, '2031-01': 1 });
    expect(r.bajasHasta).toBe('2031-02-11');
  });

  test('check-ins let through, by weekday and hour in Tucumán, over the last twelve weeks', async () => {
    const r = (await owner.get('/v1/reportes/asistencia').expect(200)).body;
    expect(r).toMatchObject({ desde: '2030-12-22', hasta: '2031-03-15', total: 4 });
    const cells = (r.porDiaYHora as number[][]).flatMap((hours, day) =>
      hours.flatMap((n, hour) => (n ? [`${day}/${hour}: ${n}`] : [])),
    );
    expect(cells).toEqual(['0/19: 2', '0/23: 1', '5/8: 1']);
  });

  test('shop sales by product and month: the six best sellers by amount, then the rest together', async () => {
    const r = (await owner.get('/v1/reportes/tienda').expect(200)).body as {
      meses: string[];
      productos: { nombre: string; unidades: number[]; montosCentavos: number[] }[];
    };
    expect(
      r.productos.map((p) => [p.nombre, byMonth(r.meses, p.unidades), byMonth(r.meses, p.montosCentavos)]),
    ).toEqual([
      ['Botella', { '2031-02': 1, '2031-03': 1 }, { '2031-02': 100_000, '2031-03': 150_000 }],
      ['Banda 6', { '2030-12': 1 }, { '2030-12': 240_000 }],
      ['Guantes', { '2031-02': 2 }, { '2031-02': 220_000 }],
      ['Banda 5', { '2030-12': 1 }, { '2030-12': 200_000 }],
      ['Banda 4', { '2030-12': 1 }, { '2030-12': 160_000 }],
      ['Banda 3', { '2030-12': 1 }, { '2030-12': 120_000 }],
      [m.otherProducts, { '2030-12': 2 }, { '2030-12': 120_000 }],
    ]);
  });

  test('a void through the API takes the payment out of the members’ figures at once', async () => {
    const before = (await owner.get('/v1/reportes/socios').expect(200)).body as MembersReport;
    expect([before.altas.at(-2), before.activos.at(-1)]).toEqual([2, 1]);
    const { id } = await t.db('membership_payments').where({ id_usuario: 'hist-b' }).first('id');
    await owner.post(`/v1/payments/${id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    const after = (await owner.get('/v1/reportes/socios').expect(200)).body as MembersReport;
    expect([after.altas.at(-2), after.activos.at(-2), after.activos.at(-1)]).toEqual([1, 1, 0]);
    const income = (await owner.get('/v1/reportes/ingresos').expect(200)).body as IncomeReport;
    expect(income.porMetodoCentavos.transferencia.at(-2)).toBe(320_000);
  });

  test('an order paid through the shop counts at once in its month, and leaves when cancelled', async () => {
    const product = {
      nombre: 'Soga Pro',
      categoria: ['accesorios'],
      precio: 3000,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Para saltar',
      portada: false,
      talle: [],
      color: ['negro'],
      stock: 10,
    };
    const producto = (await owner.post('/v1/products').send(product).expect(201)).body.product._id;
    const comprador = { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' };
    const lineas = [{ producto, color: 'negro', cantidad: 3 }];
    const { numero } = (
      await request(t.app).post('/v1/orders').send({ comprador, pago: 'efectivo', lineas }).expect(201)
    ).body.order;
    const march = async () => {
      const income = (await owner.get('/v1/reportes/ingresos').expect(200)).body as IncomeReport;
      const shop = (await owner.get('/v1/reportes/tienda').expect(200)).body as ShopReport;
      const soga = shop.productos.find((p) => p.nombre === 'Soga Pro');
      return {
        efectivo: income.porMetodoCentavos.efectivo.at(-1),
        soga: soga && [soga.unidades.at(-1), soga.montosCentavos.at(-1)],
      };
    };
    expect(await march()).toEqual({ efectivo: 0, soga: undefined });
    await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
    expect(await march()).toEqual({ efectivo: 900_000, soga: [3, 900_000] });
    await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'cancelado' }).expect(200);
    expect(await march()).toEqual({ efectivo: 0, soga: undefined });
  });

  test('two payments of one client recorded at once both stand, in one span', async () => {
    const [p1] = plans;
    const row = (n: number, from: string, to: string) => ({
      id_usuario: 'hist-f',
      id_plan: p1!.id,
      method: 'efectivo',
      amount_centavos: 100_000,
      plan_price_centavos: 100_000,
      months: 1,
      period_from: from,
      period_to: to,
      days_added: 30,
      created_at: `${from}T10:00:00-03:00`,
      receipt_number: 950_000 + n,
    });
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    // The first holds its transaction open while the second records (on PostgreSQL, side by side).
    const first = t.db.transaction(async (trx) => {
      await trx('membership_payments').insert(row(1, '2029-01-01', '2029-01-31'));
      firstInserted();
      // Holding the transaction open is the behaviour under test: the second records meanwhile.
      await pause(800);
    });
    await inserted;
    const second = t.db.transaction((trx) => trx('membership_payments').insert(row(2, '2029-02-01', '2029-02-28')));
    await Promise.all([first, second]);
    const spans = await t
      .db('membership_spans')
      .where({ id_usuario: 'hist-f' })
      .select(t.db.raw('started_on::text'), t.db.raw('ended_on::text'));
    expect(spans).toEqual([{ started_on: '2029-01-01', ended_on: '2029-02-28' }]);
  });

  test('an earlier month moves the twelve months back', async () => {
    const r = (await owner.get('/v1/reportes/ingresos?hasta=2031-01').expect(200)).body as IncomeReport;
    expect(r.meses[0]).toBe('2030-02');
    expect(r.meses.at(-1)).toBe('2031-01');
    expect(byMonth(r.meses, r.porMetodoCentavos.transferencia)).toEqual({});
    const members = (await owner.get('/v1/reportes/socios?hasta=2031-01').expect(200)).body as MembersReport;
    expect(members.activos.at(-1)).toBe(0);
  });

  test('a month that is not aaaa-mm, or still to come, is refused in Spanish', async () => {
    for (const hasta of ['2031-13', 'marzo', '2031-04']) {
      const res = await owner.get('/v1/reportes/socios').query({ hasta }).expect(400);
      expect(res.body.error.message).toBe(m.invalidMonth);
    }
  });

  test('the reports are the owner’s: the desk is refused', async () => {
    for (const path of ['ingresos', 'socios', 'asistencia', 'tienda']) {
      const res = await desk.get(`/v1/reportes/${path}`).expect(403);
      expect(res.body.error.message).toBe(roleMessages.forbidden);
    }
  });
});
