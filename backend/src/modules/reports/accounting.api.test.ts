import ExcelJS from 'exceljs';
import request from 'supertest';
import { ACCOUNTING_HEADER, accountingMessages as m } from '@gym/contracts/reports';
import { roleMessages } from '@gym/contracts/roles';
import { binary, parseCsv } from '../../test/downloads';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { signedInAs, STAFF_PASSWORD } from '../../test/role-agents';
import { centavosText } from './accounting.service';

type Agent = ReturnType<typeof request.agent>;

const clock = manualClock(new Date('2027-01-31T22:00:00-03:00'));
let t: TestApp;
let owner: Agent;
let deskEmail = '';
beforeAll(async () => {
  t = await createTestApp({ clock });
  deskEmail = (await signedInAs(t, 'recepcion')).email;
  owner = await t.staffAgent();
});
afterAll(() => t.close());

/** Jumps the clock and signs in again (sessions end after hours idle). */
const at = async (iso: string) => {
  clock.advanceMinutes((new Date(iso).getTime() - clock.now().getTime()) / 60_000);
  owner = await t.staffAgent();
};

let n = 0;
/** A membership payment of `pesos`. */
const pay = async (method: string, pesos: number) => {
  clock.advanceMinutes(1); // one after the other, as at the desk
  const idUsuario = `conta-${++n}`;
  const client = {
    idUsuario,
    nombre: `Socio ${n}`,
    edad: 30,
    correo: `conta${n}@correo.com`,
    celular: 3815550000 + n,
    plan: 1,
  };
  await owner.post('/v1/agregarusuario').send(client).expect(201);
  const res = await owner
    .post(`/v1/memberships/${idUsuario}/payments`)
    .send({ method, months: 1, amountCentavos: pesos * 100 })
    .expect(201);
  return { id: res.body.payment.id as string, receipt: res.body.payment.receipt as string, idUsuario };
};
const paidOrder = async (pago: string, precio: number) => {
  const product = {
    nombre: `Conta ${precio}`,
    categoria: ['accesorios'],
    precio,
    imagen: '/img/productos/botella-termica.svg',
    descripcion: 'Para el contador',
    portada: false,
    talle: [],
    color: ['negro'],
    stock: 10,
  };
  const producto = (await owner.post('/v1/products').send(product).expect(201)).body.product._id;
  const comprador = { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' };
  const lineas = [{ producto, color: 'negro', cantidad: 2 }];
  const { numero } = (await request(t.app).post('/v1/orders').send({ comprador, pago, lineas }).expect(201)).body.order;
  clock.advanceMinutes(1);
  await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
  return numero as string;
};

describe('the accountant’s month', () => {
  let january: { receipt: string; idUsuario: string }[] = [];
  let orders: string[] = [];
  beforeAll(async () => {
    const cash = await pay('efectivo', 10000.5);
    const card = await pay('tarjeta', 3000);
    const voided = await pay('efectivo', 2000);
    await owner.post(`/v1/payments/${voided.id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    const sold = await paidOrder('transferencia', 2050);
    const refunded = await paidOrder('efectivo', 1000);
    await owner.post(`/v1/orders/${refunded}/estado`).send({ estado: 'cancelado' }).expect(200);
    january = [cash, card, voided];
    orders = [sold, refunded];
    // 00:30 on 1 February in Tucumán: February's, though 31 January was 3 hours ago in UTC terms.
    await at('2027-02-01T00:30:00-03:00');
    await pay('efectivo', 777);
  });

  test('CSV: every payment and paid order of the month in Tucumán, then the totals of what stands', async () => {
    const res = await owner.get('/v1/reportes/contable').query({ mes: '2027-01', formato: 'csv' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=contable-2027-01.csv');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([...ACCOUNTING_HEADER]);
    expect(rows.slice(1, 6).map((r) => r.slice(0, 7))).toEqual([
      [
        '31/01/2027',
        january[0]!.receipt,
        `Socio 1 (${january[0]!.idUsuario})`,
        'Cuota BOXEO: 1 mes',
        'Efectivo',
        '10000,50',
        'vigente',
      ],
      [
        '31/01/2027',
        january[1]!.receipt,
        `Socio 2 (${january[1]!.idUsuario})`,
        'Cuota BOXEO: 1 mes',
        'Tarjeta',
        '3000,00',
        'vigente',
      ],
      [
        '31/01/2027',
        january[2]!.receipt,
        `Socio 3 (${january[2]!.idUsuario})`,
        'Cuota BOXEO: 1 mes',
        'Efectivo',
        '2000,00',
        'anulado',
      ],
      ['31/01/2027', `Pedido ${orders[0]}`, 'Lía Sosa', 'Tienda: 2 productos', 'Transferencia', '4100,00', 'vigente'],
      ['31/01/2027', `Pedido ${orders[1]}`, 'Lía Sosa', 'Tienda: 2 productos', 'Efectivo', '2000,00', 'anulado'],
    ]);
    // Invoicing is off here: no line has a Factura C, and its four columns are empty.
    expect(rows.slice(1, 6).map((r) => r.slice(7))).toEqual(Array(5).fill(['', '', '', '']));
    expect(rows[6]).toEqual(['']);
    expect(rows.slice(7).map((r) => [r[3], r[5]])).toEqual([
      ['Total efectivo', '10000,50'],
      ['Total transferencia', '4100,00'],
      ['Total tarjeta', '3000,00'],
      ['Total Mercado Pago', '0,00'],
      ['Total cuotas', '13000,50'],
      ['Total tienda', '4100,00'],
      ['Total del mes', '17100,50'],
    ]);
  });

  test('XLSX: the same lines read back with exceljs, dates as dates and amounts as numbers', async () => {
    const res = await owner
      .get('/v1/reportes/contable')
      .query({ mes: '2027-01', formato: 'xlsx' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=contable-2027-01.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Mes 2027-01');
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...ACCOUNTING_HEADER]);
    const first = values(2);
    expect(first[0]).toEqual(new Date('2027-01-31T00:00:00Z'));
    expect(first.slice(1, 7)).toEqual([
      january[0]!.receipt,
      `Socio 1 (${january[0]!.idUsuario})`,
      'Cuota BOXEO: 1 mes',
      'Efectivo',
      10000.5,
      'vigente',
    ]);
    expect(first).toHaveLength(7);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(values(6)[1]).toBe(`Pedido ${orders[1]}`);
    expect(values(14).slice(3, 6)).toEqual(['Total del mes', undefined, 17100.5]);
  });

  test('the whole year: each month’s lines in one file (payments, then orders), with the year’s totals', async () => {
    const res = await owner.get('/v1/reportes/contable').query({ anio: '2027' }).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=contable-2027.csv');
    const rows = parseCsv(res.text.slice(1));
    expect(rows.slice(1, -8).map((r) => [r[0], r[5], r[6]])).toEqual([
      ['31/01/2027', '10000,50', 'vigente'],
      ['31/01/2027', '3000,00', 'vigente'],
      ['31/01/2027', '2000,00', 'anulado'],
      ['01/02/2027', '777,00', 'vigente'],
      ['31/01/2027', '4100,00', 'vigente'],
      ['31/01/2027', '2000,00', 'anulado'],
    ]);
    expect(rows.slice(-7).map((r) => [r[3], r[5]])).toEqual([
      ['Total efectivo', '10777,50'],
      ['Total transferencia', '4100,00'],
      ['Total tarjeta', '3000,00'],
      ['Total Mercado Pago', '0,00'],
      ['Total cuotas', '13777,50'],
      ['Total tienda', '4100,00'],
      ['Total del año', '17877,50'],
    ]);
    const book = new ExcelJS.Workbook();
    const xlsx = await owner
      .get('/v1/reportes/contable')
      .query({ anio: '2027', formato: 'xlsx' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    await book.xlsx.load(xlsx.body as ExcelJS.Buffer);
    expect(book.worksheets[0]!.name).toBe('Año 2027');
    const last = book.worksheets[0]!.lastRow!;
    expect((last.values as unknown[]).slice(4, 7)).toEqual(['Total del año', undefined, 17877.5]);
    expect((await owner.get('/v1/reportes/contable').query({ anio: '2031' }).expect(200)).text).toContain(
      'Total del año;;0,00',
    );
  });

  test('a month longer than a batch: every line once, though a thousand share each millisecond', async () => {
    // Recorded by PostgreSQL's clock (microseconds): a cursor kept as a JavaScript Date would cut them
    // and read the end of each batch again.
    await t.db.raw(
      `INSERT INTO membership_payments (id_usuario, amount_centavos, plan_price_centavos, id_plan, method, months,
         period_from, period_to, days_added, created_at, receipt_number)
       SELECT ?, 10000, 10000, 1, 'efectivo', 1, '2027-03-01', '2027-03-31', 30,
         timestamptz '2027-03-10 12:00:00.000123-03' + i * interval '1 microsecond', 900000 + i
       FROM generate_series(1, 4500) AS i`,
      [january[0]!.idUsuario],
    );
    const res = await owner.get('/v1/reportes/contable').query({ mes: '2027-03' }).expect(200);
    const rows = parseCsv(res.text.slice(1)).slice(1, -8);
    expect(rows).toHaveLength(4500);
    expect(new Set(rows.map((r) => r[1])).size).toBe(4500);
    expect(res.text).toContain('Total del mes;;450000,00');
  });

  test('February has only its own; a bad month or format is refused; the desk has no access', async () => {
    const feb = await owner.get('/v1/reportes/contable').query({ mes: '2027-02' }).expect(200);
    const rows = parseCsv(feb.text.slice(1));
    expect(rows.slice(1, -8).map((r) => r[5])).toEqual(['777,00']);
    for (const [query, message] of [
      [{ mes: '2027-13' }, m.invalidMonth],
      [{ mes: '01/2027' }, m.invalidMonth],
      [{ anio: '27' }, m.invalidYear],
      [{ anio: '2027-01' }, m.invalidYear],
      [{ mes: '2027-01', formato: 'pdf' }, m.invalidFormat],
      [{ anio: '2027', formato: 'libro-iva' }, m.libroIvaMonthOnly],
    ] as const) {
      const res = await owner.get('/v1/reportes/contable').query(query);
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 400, message });
    }
    const desk = request.agent(t.app);
    await desk.post('/v1/user/login').send({ email: deskEmail, password: STAFF_PASSWORD }).expect(200);
    const refused = await desk.get('/v1/reportes/contable').query({ mes: '2027-01' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(roleMessages.forbidden);
  });

  test('amounts leave centavos as integers', () => {
    expect([centavosText(0), centavosText(5), centavosText(1_000_050), centavosText(-305)]).toEqual([
      '0,00',
      '0,05',
      '10000,50',
      '-3,05',
    ]);
  });
});
