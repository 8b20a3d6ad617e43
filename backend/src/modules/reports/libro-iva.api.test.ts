import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import { ACCOUNTING_HEADER, accountingMessages as m, LIBRO_IVA_HEADER, libroIvaTexts } from '@gym/contracts/reports';
import { startFakeArca, TEST_CA_DIR, TEST_CUIT, type FakeArca } from '../../../../scripts/fake-arca/server';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import { binary, parseCsv } from '../../test/downloads';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { invoicesJob } from '../invoices';

// Issue 44: the accountant's export names each line's authorised Factura C, and the month's
// "Libro IVA Ventas" lists every voucher ARCA authorised. Invoicing is on against the local fake
// ARCA, and the invoices job authorises as the timer would.
const PTO_VTA = 7;
const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
// A login to WSAA takes seconds inside Jest on a loaded machine (as in the invoices' own tests).
jest.setTimeout(60_000);

type Agent = ReturnType<typeof request.agent>;
let arca: FakeArca;
let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  arca = await startFakeArca();
  t = await createTestApp({
    clock,
    env: {
      ARCA_CUIT: TEST_CUIT,
      ARCA_PTO_VTA: String(PTO_VTA),
      ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
      ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
      ARCA_TIMEOUT_SECONDS: '10',
    },
  });
  owner = (await t.staffAgent()) as Agent;
});
afterAll(async () => {
  await t?.close();
  await arca?.stop();
});

const runJob = () => runJobOnce(invoicesJob, { db: t.db, logger, clock, config: t.config }, { force: true });

let n = 0;
/** A membership payment of `centavos` at the desk, by a new client (no DNI: consumidor final). */
async function pay(amountCentavos: number, idUsuario?: string) {
  clock.advanceMinutes(1);
  let id = idUsuario;
  if (!id) {
    id = `iva-${++n}-${Date.now() % 100_000}`;
    const client = {
      idUsuario: id,
      nombre: `Socio ${n}`,
      edad: 30,
      correo: `iva${n}@correo.com`,
      celular: 3815550000 + n,
      plan: 1,
    };
    await owner.post('/v1/agregarusuario').send(client).expect(201);
  }
  const res = await owner
    .post(`/v1/memberships/${id}/payments`)
    .send({ method: 'efectivo', months: 1, amountCentavos })
    .expect(201);
  return res.body.payment as { id: string; receipt: string };
}

/** A shop order of one product at `precio` pesos, paid. */
async function paidOrder(precio: number) {
  const product = {
    nombre: `Libro IVA ${precio}`,
    categoria: ['accesorios'],
    precio,
    imagen: '/img/productos/botella-termica.svg',
    descripcion: 'Para el Libro IVA',
    portada: false,
    talle: [],
    color: ['negro'],
    stock: 10,
  };
  const producto = (await owner.post('/v1/products').send(product).expect(201)).body.product._id;
  const comprador = { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' };
  const lineas = [{ producto, color: 'negro', cantidad: 1 }];
  const { numero } = (await request(t.app).post('/v1/orders').send({ comprador, pago: 'efectivo', lineas }).expect(201))
    .body.order;
  clock.advanceMinutes(1);
  await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
  return numero as string;
}

/** An invoice as the database holds it once authorised: its CAE and the CAE's due date (dd/mm/aaaa). */
async function authorised(source: { membership_payment_id: string } | { order_id: string }, kind = 'factura_c') {
  const row = await t
    .db('invoices')
    .where({ ...source, kind })
    .select('state', 'number', 'cae', 'doc_tipo', 'doc_nro', t.db.raw('cae_due_date::text AS vence'))
    .first();
  return row as { state: string; number: number; cae: string; doc_tipo: number; doc_nro: string; vence: string };
}

describe("the accountant's export and the Libro IVA Ventas, with invoicing on", () => {
  const today = () => tucumanToday(clock.now());
  const month = () => today().slice(0, 7);
  let cash: { id: string; receipt: string };
  let dni: { id: string; receipt: string };
  let voided: { id: string; receipt: string };
  let pending: { id: string; receipt: string };
  let order = '';

  beforeAll(async () => {
    cash = await pay(1_000_050);
    dni = await pay(2_500_000, 'demo-011'); // a member with a DNI: the invoice names them
    voided = await pay(300_000);
    order = await paidOrder(2050);
    await runJob();
    await owner.post(`/v1/payments/${voided.id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    await runJob(); // the void's Nota de Crédito C
    pending = await pay(150_000); // its Factura C waits for the next run
  });

  test('each line carries its Factura C: tipo, punto de venta, número and CAE; one still pending has none', async () => {
    const res = await owner.get('/v1/reportes/contable').query({ mes: month(), formato: 'csv' }).expect(200);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([...ACCOUNTING_HEADER]);
    expect(ACCOUNTING_HEADER.slice(6)).toEqual(['Estado', 'Tipo', 'Punto de venta', 'Número', 'CAE']);
    const line = (first: string) => rows.find((r) => r[1] === first)!.slice(5);
    const [c, d, v, o] = await Promise.all([
      authorised({ membership_payment_id: cash.id }),
      authorised({ membership_payment_id: dni.id }),
      authorised({ membership_payment_id: voided.id }),
      t.db('orders').where({ numero: order }).first(),
    ]);
    const orderInvoice = await authorised({ order_id: (o as { id: string }).id });
    expect([c.number, d.number, v.number, orderInvoice.number]).toEqual([1, 2, 3, 4]);
    expect(line(cash.receipt)).toEqual(['10000,50', 'vigente', 'Factura C', '0007', '00000001', c.cae]);
    expect(line(dni.receipt)).toEqual(['25000,00', 'vigente', 'Factura C', '0007', '00000002', d.cae]);
    // Voided: its Factura C stands (a Nota de Crédito C cancels it, in the Libro IVA).
    expect(line(voided.receipt)).toEqual(['3000,00', 'anulado', 'Factura C', '0007', '00000003', v.cae]);
    expect(line(`Pedido ${order}`)).toEqual(['2050,00', 'vigente', 'Factura C', '0007', '00000004', orderInvoice.cae]);
    expect(line(pending.receipt)).toEqual(['1500,00', 'vigente', '', '', '', '']);
    // The totals' lines keep the width of the rest.
    expect(rows.at(-1)).toEqual(['', '', '', 'Total del mes', '', expect.stringMatching(/,/), '', '', '', '', '']);
  });

  test('XLSX: the same four columns, empty cells for a line without invoice', async () => {
    const res = await owner
      .get('/v1/reportes/contable')
      .query({ mes: month(), formato: 'xlsx' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...ACCOUNTING_HEADER]);
    const rows = Array.from({ length: sheet.rowCount }, (_, i) => values(i + 1));
    const c = await authorised({ membership_payment_id: cash.id });
    expect(rows.find((r) => r[1] === cash.receipt)!.slice(6)).toEqual([
      'vigente',
      'Factura C',
      '0007',
      '00000001',
      c.cae,
    ]);
    expect(rows.find((r) => r[1] === pending.receipt)!.slice(6)).toEqual(['vigente']);
  });

  test('the Libro IVA Ventas: every authorised voucher of the month by its date, then the totals and the net', async () => {
    const res = await owner.get('/v1/reportes/contable').query({ mes: month(), formato: 'libro-iva' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=libro-iva-ventas-${month()}.csv`);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const o = (await t.db('orders').where({ numero: order }).first()) as { id: string };
    const [c, d, v, oi, nc] = await Promise.all([
      authorised({ membership_payment_id: cash.id }),
      authorised({ membership_payment_id: dni.id }),
      authorised({ membership_payment_id: voided.id }),
      authorised({ order_id: o.id }),
      authorised({ membership_payment_id: voided.id }, 'nota_credito_c'),
    ]);
    expect(nc.state).toBe('autorizada');
    expect(d.doc_tipo).toBe(96);
    const day = formatDate(today());
    const vto = (x: { vence: string }) => formatDate(x.vence);
    expect(parseCsv(res.text.slice(1))).toEqual([
      [...LIBRO_IVA_HEADER],
      [day, 'Factura C', '11', '0007', '00000001', 'Consumidor final (99)', c.doc_nro, '10000,50', c.cae, vto(c)],
      [day, 'Factura C', '11', '0007', '00000002', 'DNI (96)', d.doc_nro, '25000,00', d.cae, vto(d)],
      [day, 'Factura C', '11', '0007', '00000003', 'Consumidor final (99)', v.doc_nro, '3000,00', v.cae, vto(v)],
      [day, 'Factura C', '11', '0007', '00000004', 'Consumidor final (99)', oi.doc_nro, '2050,00', oi.cae, vto(oi)],
      [
        day,
        'Nota de Crédito C',
        '13',
        '0007',
        '00000001',
        'Consumidor final (99)',
        nc.doc_nro,
        '3000,00',
        nc.cae,
        vto(nc),
      ],
      [''],
      ['Total facturas', '', '', '', '', '', '', '40050,50', '', ''],
      ['Total notas de crédito', '', '', '', '', '', '', '3000,00', '', ''],
      ['Neto (facturas − notas de crédito)', '', '', '', '', '', '', '37050,50', '', ''],
      [''],
      [libroIvaTexts.monotributo],
    ]);
    // The pending one is not in it: only what ARCA authorised.
    expect(res.text).not.toContain('00000005');
  });

  test('a month without vouchers has its totals at zero; a year or a bad format is refused in Spanish', async () => {
    const empty = await owner.get('/v1/reportes/contable').query({ mes: '2019-01', formato: 'libro-iva' }).expect(200);
    expect(parseCsv(empty.text.slice(1)).slice(0, 5)).toEqual([
      [...LIBRO_IVA_HEADER],
      [''],
      ['Total facturas', '', '', '', '', '', '', '0,00', '', ''],
      ['Total notas de crédito', '', '', '', '', '', '', '0,00', '', ''],
      ['Neto (facturas − notas de crédito)', '', '', '', '', '', '', '0,00', '', ''],
    ]);
    for (const [query, message] of [
      [{ anio: '2027', formato: 'libro-iva' }, m.libroIvaMonthOnly],
      [{ mes: '2027-1', formato: 'libro-iva' }, m.invalidMonth],
      [{ mes: '2027-01', formato: 'libro' }, m.invalidFormat],
    ] as const) {
      const res = await owner.get('/v1/reportes/contable').query(query);
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 400, message });
    }
  });
});
