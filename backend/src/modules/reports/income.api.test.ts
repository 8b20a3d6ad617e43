import request from 'supertest';
import {
  CLOSING_METHODS,
  methodTotal,
  type ClosingMethod,
  type IncomeReport,
  type MembersReport,
} from '@gym/contracts/reports';
import type { DashboardFigures } from '@gym/contracts/memberships';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { centavosText } from './accounting.service';

// 15 June 2032 in Tucumán: far from the demo data the template seeded, so only this file's money counts.
const clock = manualClock(new Date('2032-06-15T12:00:00-03:00'));
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;

async function newClient(idUsuario: string, nombre: string) {
  await owner
    .post('/v1/agregarusuario')
    .send({ idUsuario, nombre, edad: 30, correo: `${idUsuario}@correo.com.ar`, celular: 3815123400, plan: 1 })
    .expect(201);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await t.staffAgent();
  // A membership payment of $ 27.500 in cash (Ana), one of Beto's by card, then Beto pauses.
  await newClient('ing-ana', 'Ana Ingresos');
  await newClient('ing-beto', 'Beto Pausado');
  await owner
    .post('/v1/memberships/ing-ana/payments')
    .send({ method: 'efectivo', amountCentavos: 2_750_000 })
    .expect(201);
  await owner
    .post('/v1/memberships/ing-beto/payments')
    .send({ method: 'tarjeta', amountCentavos: 1_000_000 })
    .expect(201);
  await owner.post('/v1/memberships/ing-beto/pause').send({ motivo: 'Viaje largo' }).expect(200);
  // A shop order of $ 5.600 by transfer, marked paid by the desk.
  const product = {
    nombre: 'Soga de saltar',
    categoria: ['accesorios'],
    precio: 2800,
    imagen: '/img/productos/botella-termica.svg',
    descripcion: 'Para saltar',
    portada: false,
    talle: [],
    color: ['negro'],
    stock: 10,
  };
  const producto = (await owner.post('/v1/products').send(product).expect(201)).body.product._id;
  const comprador = { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' };
  const { numero } = (
    await request(t.app)
      .post('/v1/orders')
      .send({ comprador, pago: 'transferencia', lineas: [{ producto, color: 'negro', cantidad: 2 }] })
      .expect(201)
  ).body.order;
  await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
});
afterAll(() => t.close());

describe('one income and one count of active members, on the panel, Reportes and the export (issue 40)', () => {
  test('the month’s income by source and method is the same on the panel, in Reportes and in the export', async () => {
    const panel = ((await owner.get('/v1/desk/dashboard').expect(200)).body as DashboardFigures).ingresos.mes;
    expect(panel).toEqual({
      porMetodo: {
        efectivo: { cuotasCentavos: 2_750_000, tiendaCentavos: 0 },
        transferencia: { cuotasCentavos: 0, tiendaCentavos: 560_000 },
        tarjeta: { cuotasCentavos: 1_000_000, tiendaCentavos: 0 },
        mercadopago: { cuotasCentavos: 0, tiendaCentavos: 0 },
      },
      cuotasCentavos: 3_750_000,
      tiendaCentavos: 560_000,
      totalCentavos: 4_310_000,
    });

    const reportes = (await owner.get('/v1/reportes/ingresos').expect(200)).body as IncomeReport;
    expect(reportes.meses.at(-1)).toBe('2032-06');
    expect(Object.fromEntries(CLOSING_METHODS.map((k) => [k, reportes.porMetodoCentavos[k].at(-1)]))).toEqual(
      Object.fromEntries(CLOSING_METHODS.map((k) => [k, methodTotal(panel, k)])),
    );
    expect([
      reportes.porFuenteCentavos.cuotas.at(-1),
      reportes.porFuenteCentavos.tienda.at(-1),
      reportes.totalCentavos.at(-1),
    ]).toEqual([panel.cuotasCentavos, panel.tiendaCentavos, panel.totalCentavos]);

    const csv = (await owner.get('/v1/reportes/contable').query({ mes: '2032-06' }).expect(200)).text;
    const totals = csv
      .split('\r\n')
      .map((line) => line.split(';'))
      .filter((cells) => cells[3]?.startsWith('Total '))
      .map((cells) => [cells[3], cells[5]]);
    const label: Record<ClosingMethod, string> = {
      efectivo: 'Total efectivo',
      transferencia: 'Total transferencia',
      tarjeta: 'Total tarjeta',
      mercadopago: 'Total Mercado Pago',
    };
    expect(totals).toEqual([
      ...CLOSING_METHODS.map((k) => [label[k], centavosText(methodTotal(panel, k))]),
      ['Total cuotas', centavosText(panel.cuotasCentavos)],
      ['Total tienda', centavosText(panel.tiendaCentavos)],
      ['Total del mes', centavosText(panel.totalCentavos)],
    ]);
  });

  test('"socios activos": the panel and Reportes count the same members (cuota al día, not paused)', async () => {
    const panel = (await owner.get('/v1/desk/dashboard').expect(200)).body as DashboardFigures;
    const reportes = (await owner.get('/v1/reportes/socios').expect(200)).body as MembersReport;
    // Ana is paid up; Beto is paid up too but paused: not active on either screen.
    expect(panel.activas).toBe(1);
    expect(reportes.activosHoy).toBe(1);
    expect(reportes.activos.at(-1)).toBe(1);
  });
});
