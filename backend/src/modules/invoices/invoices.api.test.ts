import path from 'node:path';
import request from 'supertest';
import { invoiceMessages as m } from '@gym/contracts/invoices';
import {
  startFakeArca,
  TEST_CA_DIR,
  TEST_CUIT,
  testCredentials,
  type FakeArca,
} from '../../../../scripts/fake-arca/server';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { arcaClient, type ArcaClient, type ArcaTicket } from './arca';
import { invoicesJob, invoicingFor } from '.';

const PTO_VTA = 7;
const logger = createLogger({ level: 'silent', pretty: false });
const clock = manualClock();
// A login to WSAA takes seconds inside Jest under Node 24 on a loaded machine; the job logs in per test.
jest.setTimeout(60_000);

let arca: FakeArca;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

const arcaEnv = (fake: FakeArca) => ({
  ARCA_CUIT: TEST_CUIT,
  ARCA_PTO_VTA: String(PTO_VTA),
  ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
  ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
  ARCA_WSAA_URL: fake.wsaaUrl,
  ARCA_WSFE_URL: fake.wsfeUrl,
  // Long enough for a loaded CI machine (the fake runs in this process, and a login inside Jest under
  // Node 24 takes seconds); the two timeout tests wait it out once each, with a longer Jest limit.
  ARCA_TIMEOUT_SECONDS: '10',
});

beforeAll(async () => {
  arca = await startFakeArca();
  t = await createTestApp({ clock, env: arcaEnv(arca) });
  staff = await t.staffAgent();
});
afterAll(async () => {
  await t?.close();
  await arca.stop();
});
// Each story starts from an ARCA with no vouchers and no invoices of ours.
beforeEach(async () => {
  arca.reset();
  await t.db('invoices').del();
});

/** The job as the timer runs it (forced: the stories run it again within its minute). */
const runJob = () => runJobOnce(invoicesJob, { db: t.db, logger, clock, config: t.config }, { force: true });
const lastRun = () => t.db('job_runs').where({ name: 'autorizar-facturas' }).first();
const invoices = () => t.db('invoices').orderBy('seq');

let clientN = 0;
/** A client of the demo plan paying one month at the desk: the payment as the API answers it. */
async function pay(months = 1) {
  const created = await staff
    .post('/v1/agregarusuario')
    .send({
      idUsuario: `f-${++clientN}-${Date.now() % 100_000}`,
      nombre: 'Ana Paz',
      edad: 30,
      correo: 'ana.paz@correo.com',
      celular: 3815550000,
      plan: 2,
    })
    .expect(201);
  const { idUsuario } = created.body as { idUsuario: string };
  const res = await staff
    .post(`/v1/memberships/${idUsuario}/payments`)
    .send({ method: 'efectivo', months })
    .expect(201);
  return res.body.payment as { id: string; amountCentavos: number; periodFrom: string; periodTo: string };
}

const newProductId = async () =>
  (
    await staff
      .post('/v1/products')
      .send({
        nombre: 'Banda elástica',
        categoria: ['accesorios'],
        precio: 2500,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: 'Para facturar',
        portada: false,
        talle: [],
        color: ['rojo'],
        stock: 4,
      })
      .expect(201)
  ).body.product._id as string;

const numbers = async () => (await invoices()).map((r) => r.number);

describe('the outbox: an invoice written with each payment, authorised by the job', () => {
  test('a desk payment leaves a Factura C pendiente in its transaction; the job gets its CAE with the paid period', async () => {
    const payment = await pay(2);
    expect(await invoices()).toEqual([
      expect.objectContaining({
        kind: 'factura_c',
        cbte_tipo: 11,
        state: 'pendiente',
        number: null,
        membership_payment_id: payment.id,
        concepto: 2,
        total_centavos: payment.amountCentavos,
        doc_tipo: 99,
        doc_nro: '0',
      }),
    ]);
    expect((await runJob()).result).toEqual({ autorizadas: 1, rechazadas: 0, esperando: 0 });
    const [row] = await invoices();
    const [voucher] = arca.vouchers();
    expect(row).toEqual(expect.objectContaining({ state: 'autorizada', number: 1, cae: voucher!.cae }));
    expect(voucher).toEqual(
      expect.objectContaining({
        ptoVta: PTO_VTA,
        cbteTipo: 11,
        number: 1,
        concepto: 2,
        serviceFrom: payment.periodFrom.replaceAll('-', ''),
        serviceTo: payment.periodTo.replaceAll('-', ''),
        condicionIvaReceptorId: 5,
        impTotal: (payment.amountCentavos / 100).toFixed(2),
      }),
    );
    const list = await staff.get('/v1/facturas?estado=autorizada').expect(200);
    expect(list.body.facturas[0]).toEqual(
      expect.objectContaining({
        tipo: 'Factura C',
        numero: `000${PTO_VTA}-00000001`,
        estado: 'autorizada',
        cae: voucher!.cae,
        pagoId: payment.id,
        mensajeArca: null,
      }),
    );
  });

  test('ARCA down for an hour, then back: every invoice authorised once, numbers consecutive', async () => {
    arca.setMode('error500');
    const paid = [await pay(), await pay(), await pay()];
    for (let minute = 0; minute < 60; minute += 10) {
      await runJob();
      clock.advanceMinutes(10);
    }
    expect((await lastRun()).last_status).toBe('error');
    expect((await invoices()).map((r) => r.state)).toEqual(['pendiente', 'pendiente', 'pendiente']);
    expect(arca.vouchers()).toEqual([]);

    arca.setMode('normal');
    await runJob();
    expect((await lastRun()).last_status).toBe('ok');
    const rows = await invoices();
    expect(rows.map((r) => [r.membership_payment_id, r.state, r.number])).toEqual([
      [paid[0]!.id, 'autorizada', 1],
      [paid[1]!.id, 'autorizada', 2],
      [paid[2]!.id, 'autorizada', 3],
    ]);
    expect(arca.vouchers().map((v) => v.number)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.cae)).toEqual(arca.vouchers().map((v) => v.cae));
  });

  test('ARCA accepts and then times out: the job asks FECompConsultar and records it, never a second invoice', async () => {
    await pay();
    arca.setMode('accept-then-timeout', 1);
    await runJob();
    expect(arca.vouchers().map((v) => v.number)).toEqual([1]);
    expect(await invoices()).toEqual([expect.objectContaining({ state: 'pendiente', number: 1, cae: null })]);

    clock.advanceMinutes(2);
    await pay();
    await runJob();
    expect(arca.vouchers().map((v) => v.number)).toEqual([1, 2]);
    const rows = await invoices();
    expect(rows.map((r) => [r.state, r.number, r.cae])).toEqual([
      ['autorizada', 1, arca.vouchers()[0]!.cae],
      ['autorizada', 2, arca.vouchers()[1]!.cae],
    ]);
  }, 60_000);

  test('a timeout before ARCA got it: the number is asked about, found free, and used once', async () => {
    await pay();
    arca.setMode('timeout', 1);
    await runJob();
    expect(await invoices()).toEqual([expect.objectContaining({ state: 'pendiente' })]);
    clock.advanceMinutes(2);
    await runJob();
    expect(arca.vouchers().map((v) => v.number)).toEqual([1]);
    expect(await numbers()).toEqual([1]);
  }, 60_000);

  test('two replicas running at once: no duplicate, no gap', async () => {
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await pay());
    arca.setLatency(20);
    const replica = () => invoicingFor({ db: t.db, clock, logger, config: t.config })!.authoriser;
    const [a, b] = await Promise.all([
      replica().authorisePending('replica-a'),
      replica().authorisePending('replica-b'),
    ]);
    expect(a.autorizadas + b.autorizadas).toBe(5);
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
    expect(arca.vouchers().map((v) => v.number)).toEqual([1, 2, 3, 4, 5]);
    expect((await invoices()).map((r) => r.membership_payment_id)).toEqual(paid.map((p) => p.id));
  });

  test('error 10016 (someone numbered meanwhile): the last number is read again and the invoice authorised', async () => {
    await pay();
    // The owner issues a voucher on ARCA's own web page between our FECompUltimoAutorizado and FECAESolicitar.
    const tickets = new Map<string, ArcaTicket>();
    const store = {
      read: async (k: string) => tickets.get(k) ?? null,
      save: async (k: string, v: ArcaTicket) => void tickets.set(k, v),
    };
    const web = arcaClient(
      { cuit: TEST_CUIT, wsaaUrl: arca.wsaaUrl, wsfeUrl: arca.wsfeUrl, ...testCredentials() },
      store,
    );
    const ours = arcaClient({ ...t.config.invoicing!, timeoutMs: 30_000 }, store);
    let interfered = false;
    const interfering: ArcaClient = {
      ...ours,
      async authorize(v) {
        if (!interfered) {
          interfered = true;
          const date = v.date;
          await web.authorize({
            ...v,
            number: v.number,
            docTipo: 99,
            docNro: '0',
            concepto: 1,
            date,
            totalCentavos: 100,
          });
        }
        return ours.authorize(v);
      },
    };
    const counts = await invoicingFor({
      db: t.db,
      clock,
      logger,
      config: t.config,
      arca: interfering,
    })!.authoriser.authorisePending();
    expect(counts).toEqual(expect.objectContaining({ autorizadas: 1, rechazadas: 0 }));
    expect(arca.vouchers().map((v) => [v.number, v.impTotal])).toEqual([
      [1, '1.00'],
      [2, expect.not.stringMatching(/^1\.00$/)],
    ]);
    expect(await numbers()).toEqual([2]);
  });

  test('a rejection is listed with ARCA’s own message, and retried after the fix', async () => {
    await pay();
    // A receiver condition ARCA does not take on a Factura C (as a wrong client setting would give).
    await t.db('invoices').update({ condicion_iva_receptor: 2 });
    expect((await runJob()).result).toEqual({ autorizadas: 0, rechazadas: 1, esperando: 0 });
    const listed = await staff.get('/v1/facturas?estado=rechazada').expect(200);
    expect(listed.body).toEqual(expect.objectContaining({ total: 1, page: 1, limit: 50 }));
    const [rejected] = listed.body.facturas;
    expect(rejected).toEqual(
      expect.objectContaining({
        estado: 'rechazada',
        numero: null,
        mensajeArca:
          '(10246) El campo Condicion Frente al IVA del receptor no es un valor permitido para la clase de comprobante informada. Consultar metodo FEParamGetCondicionIvaReceptor.',
        queHacer: m.whatToDo.rejected,
      }),
    );
    expect(arca.vouchers()).toEqual([]);

    expect(rejected.receptor).toEqual({ dni: null, condicionIvaReceptor: 2 });

    // Staff correct the receiver on the Facturas screen: the member's DNI and consumidor final.
    const retried = await staff
      .post(`/v1/facturas/${rejected.id}/reintentar`)
      .send({ dni: '30.123.456', condicionIvaReceptor: 5 })
      .expect(200);
    expect(retried.body).toEqual({
      message: m.retried,
      factura: expect.objectContaining({ estado: 'pendiente', receptor: { dni: '30123456', condicionIvaReceptor: 5 } }),
    });
    const audit = await t.db('audit_log').orderBy('id', 'desc').first();
    expect(audit).toEqual(expect.objectContaining({ entity: 'factura', action: 'reintentar', entity_id: rejected.id }));
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(json(audit.before)).toEqual(expect.objectContaining({ receptor: { dni: null, condicionIva: 2 } }));
    expect(json(audit.after)).toEqual(expect.objectContaining({ receptor: { dni: '30123456', condicionIva: 5 } }));
    await runJob();
    expect(await invoices()).toEqual([
      expect.objectContaining({ state: 'autorizada', number: 1, doc_tipo: 96, doc_nro: '30123456' }),
    ]);
    expect(arca.vouchers()).toEqual([expect.objectContaining({ docTipo: 96, docNro: '30123456' })]);
  });

  test('a voided payment leaves a Nota de Crédito C tied to its invoice; the month nets to the income', async () => {
    const kept = await pay();
    const voided = await pay();
    await runJob();
    await staff.post(`/v1/payments/${voided.id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    const note = await t.db('invoices').where({ kind: 'nota_credito_c' }).first();
    expect(note).toEqual(
      expect.objectContaining({ state: 'pendiente', cbte_tipo: 13, membership_payment_id: voided.id, concepto: 2 }),
    );
    await runJob();
    expect(arca.vouchers().map((v) => [v.cbteTipo, v.number, v.associated])).toEqual([
      [11, 1, []],
      [11, 2, []],
      [13, 1, [{ tipo: 11, ptoVta: PTO_VTA, nro: 2 }]],
    ]);
    const summary = await staff.get('/v1/facturas/resumen').expect(200);
    expect(summary.body).toEqual(
      expect.objectContaining({
        facturasCentavos: kept.amountCentavos + voided.amountCentavos,
        notasCreditoCentavos: voided.amountCentavos,
        facturadoCentavos: kept.amountCentavos,
        pendienteCentavos: 0,
      }),
    );
    // The month's income holds other stories' payments too: the difference is what was not invoiced.
    expect(summary.body.diferenciaCentavos).toBe(summary.body.ingresosCentavos - summary.body.facturadoCentavos);
  });

  test('a shop order, when paid, is invoiced as goods (concepto 1)', async () => {
    const res = await request(t.app)
      .post('/v1/orders')
      .send({
        comprador: { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz@correo.com', celular: '3815550000' },
        pago: 'efectivo',
        lineas: [{ producto: await newProductId(), color: 'rojo', cantidad: 1 }],
      });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    const { numero } = res.body.order;
    expect(await invoices()).toEqual([]);
    await staff.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
    const order = await t.db('orders').where({ numero }).first();
    expect(await invoices()).toEqual([
      expect.objectContaining({ order_id: order.id, concepto: 1, total_centavos: order.total_centavos }),
    ]);
    await runJob();
    expect(arca.vouchers()).toEqual([expect.objectContaining({ concepto: 1, number: 1 })]);
  });

  test('a punto de venta not enabled for web services: rejected with ARCA’s words and what to do', async () => {
    const other = await startFakeArca({ ptoVtas: [1] });
    try {
      await pay();
      const tickets = new Map<string, ArcaTicket>();
      const store = {
        read: async (k: string) => tickets.get(k) ?? null,
        save: async (k: string, v: ArcaTicket) => void tickets.set(k, v),
      };
      const client = arcaClient({ ...t.config.invoicing!, wsaaUrl: other.wsaaUrl, wsfeUrl: other.wsfeUrl }, store);
      await invoicingFor({ db: t.db, clock, logger, config: t.config, arca: client })!.authoriser.authorisePending();
      const [listed] = (await staff.get('/v1/facturas?estado=rechazada').expect(200)).body.facturas;
      expect(listed).toEqual(
        expect.objectContaining({
          mensajeArca:
            '(11002) El punto de venta no se encuentra habilitado a usar el presente WS. Ver metodo FEParamGetPtosVenta.',
          queHacer: m.whatToDo.ptoVtaDisabled,
        }),
      );
    } finally {
      await other.stop();
    }
  });

  test('the status says invoicing is on, and the certificate’s end; a week before it, what to do', async () => {
    const ends = t.config.invoicing!.certExpiresAt;
    const day = ends.toISOString().slice(0, 10);
    expect((await staff.get('/v1/facturas/estado').expect(200)).body).toEqual({
      activa: true,
      cuit: TEST_CUIT,
      puntoDeVenta: PTO_VTA,
      certificadoVence: day,
      aviso: null,
    });
    const late = await createTestApp({
      clock: manualClock(new Date(ends.getTime() - 3 * 86_400_000)),
      env: arcaEnv(arca),
    });
    try {
      const { aviso } = (await (await late.staffAgent()).get('/v1/facturas/estado').expect(200)).body;
      const [y, mo, d] = day.split('-');
      expect(aviso).toBe(m.certificateEnding(`${d}/${mo}/${y}`));
    } finally {
      await late.close();
    }
  });

  test('bad input gets a Spanish error and changes nothing', async () => {
    await pay();
    const [row] = await invoices();
    expect((await staff.get('/v1/facturas?estado=anulada').expect(400)).body.error.message).toBe(m.badState);
    expect((await staff.get('/v1/facturas/resumen?mes=2026-13').expect(400)).body.error.message).toBe(m.badMonth);
    expect((await staff.post(`/v1/facturas/${row.id}/reintentar`).expect(409)).body.error.message).toBe(m.notRejected);
    await t.db('invoices').update({ state: 'rechazada' });
    for (const [fix, message] of [
      [{ dni: '123' }, m.badDni],
      [{ dni: '30123456A' }, m.badDni],
      [{ condicionIvaReceptor: 2 }, m.badCondicionIva],
      [{ condicionIvaReceptor: 'cinco' }, m.badCondicionIva],
    ] as const)
      expect((await staff.post(`/v1/facturas/${row.id}/reintentar`).send(fix).expect(400)).body.error.message).toBe(
        message,
      );
    await t.db('invoices').update({ state: row.state });
    expect(
      (await staff.post('/v1/facturas/00000000-0000-0000-0000-000000000000/reintentar').expect(404)).body.error.message,
    ).toBe(m.notFound);
    expect(await invoices()).toEqual([row]);
  });
});

describe('sin factura', () => {
  test('refused where the owner does not allow it: a Spanish 400 and nothing recorded', async () => {
    const before = await t.db('membership_payments').where({ id_usuario: 'demo-007' }).count({ c: '*' }).first();
    const res = await staff
      .post('/v1/memberships/demo-007/payments')
      .send({ method: 'efectivo', months: 1, sinFactura: true })
      .expect(400);
    expect(res.body.error.message).toBe(m.sinFacturaNotAllowed);
    expect(await t.db('membership_payments').where({ id_usuario: 'demo-007' }).count({ c: '*' }).first()).toEqual(
      before,
    );
    expect(await invoices()).toEqual([]);
  });

  test('where allowed: the payment is recorded, its row says sin factura, the audit row too, ARCA is not asked', async () => {
    const allowed = await createTestApp({ clock, env: { ...arcaEnv(arca), ARCA_ALLOW_SIN_FACTURA: 'true' } });
    try {
      const agent = await allowed.staffAgent();
      const res = await agent
        .post('/v1/memberships/demo-008/payments')
        .send({ method: 'efectivo', months: 1, sinFactura: true })
        .expect(201);
      expect(await allowed.db('invoices')).toEqual([
        expect.objectContaining({ membership_payment_id: res.body.payment.id, state: 'sin_factura' }),
      ]);
      const audit = await allowed.db('audit_log').where({ action: 'registrar_pago' }).orderBy('id', 'desc').first();
      expect(audit.after).toEqual(expect.objectContaining({ factura: 'sin_factura' }));
      const run = await runJobOnce(
        invoicesJob,
        { db: allowed.db, logger, clock, config: allowed.config },
        { force: true },
      );
      expect(run.result).toEqual({ autorizadas: 0, rechazadas: 0, esperando: 0 });
      expect(arca.vouchers()).toEqual([]);
      const listed = (await agent.get('/v1/facturas?estado=sin_factura').expect(200)).body.facturas;
      expect(listed).toEqual([expect.objectContaining({ estado: 'sin_factura', queHacer: m.whatToDo.noInvoice })]);
    } finally {
      await allowed.close();
    }
  });
});

describe('with invoicing off', () => {
  test('no invoice is written and payments answer as before', async () => {
    const off = await createTestApp({ clock });
    try {
      const agent = await off.staffAgent();
      const on = await pay();
      const res = await agent
        .post('/v1/memberships/demo-006/payments')
        .send({ method: 'efectivo', months: 1 })
        .expect(201);
      expect(Object.keys(res.body.payment).sort()).toEqual(Object.keys(on).sort());
      expect(await off.db('invoices').count({ c: '*' })).toEqual([{ c: expect.anything() }]);
      expect(Number((await off.db('invoices').count({ c: '*' }).first())!.c)).toBe(0);
      const run = await runJobOnce(invoicesJob, { db: off.db, logger, clock, config: off.config }, { force: true });
      expect(run.result).toEqual({ skipped: 'facturación apagada' });
      expect((await agent.get('/v1/facturas').expect(200)).body).toEqual({
        facturas: [],
        total: 0,
        page: 1,
        limit: 50,
      });
      expect((await agent.get('/v1/facturas/estado').expect(200)).body).toEqual({
        activa: false,
        cuit: null,
        puntoDeVenta: null,
        certificadoVence: null,
        aviso: null,
      });
    } finally {
      await off.close();
    }
  });
});
