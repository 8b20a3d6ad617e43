import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { formatMoney } from '@gym/contracts/format-money';
import { addDays, tucumanToday, formatDate } from '@gym/contracts/membership-dates';
import { centavos } from '@gym/contracts/money';
import { pricingMessages as m } from '@gym/contracts/pricing';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { signedInAs } from '../../test/role-agents';
import { eventually } from '../../test/test-app';
import { createAuditRecorder } from '../audit';
import { ipcJob, pricingJob, pricingServiceFor } from '.';

// Issue 47: scheduled price changes with notice, indexed to the IPC, against the fake Mercado Pago.

const DAY = 86_400_000;
const sent: OutgoingMail[] = [];
let now = Date.now();
const clock = { now: () => new Date(now) };
const silent = createLogger({ level: 'silent', pretty: false });
let t: PaymentsTestApp;
let staff: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;

/** The IPC's API, served here: `mode` up answers the series' JSON, down answers 500. */
let mode: 'up' | 'down' = 'down';
const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
};
const ipcApi = http.createServer((_req, res) => {
  if (mode === 'down') return void res.writeHead(500).end('caído');
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      data: [
        [month(-3), null],
        [month(-2), 100],
        [month(-1), 125],
      ],
      count: 3,
      meta: [{ frequency: 'month' }, { field: { id: '148.3_INIVELNAL_DICI_M_26' } }],
      params: {},
    }),
  );
});

const today = () => tucumanToday(clock.now());
const jobCtx = () => ({
  db: t.db,
  logger: silent,
  clock,
  config: t.config,
  mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) },
});
const runPricing = () => runJobOnce(pricingJob, jobCtx(), { force: true });
const changesCount = async () =>
  Number((await t.db('price_changes').count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
const pesos = (n: number) => formatMoney(centavos(n));
const noticesTo = (address: string) => sent.filter((x) => x.to.address === address && x.subject === m.noticeSubject);
/** The notices mailed to `address` once `count` have arrived (the outbox sends them after the answer). */
const mailed = (address: string, count = 1) =>
  eventually(
    async () => noticesTo(address),
    (found) => found.length >= count,
  );

/** Plan `idPlan` with a fee of $ 10.000, its own members: two due before the date, one paid beyond it, one paused, one archived. */
async function planWithMembers(idPlan: number, prefix: string) {
  await t.db('plans').insert({
    codigo_plan: `plan-precio-${idPlan}`,
    id_plan: idPlan,
    nombre_plan: `PLAN ${idPlan}`,
    description: 'PRUEBA DE PRECIOS',
    precio_centavos: 150000,
    cuota_mensual_centavos: 1000000,
    created_at: clock.now(),
    updated_at: clock.now(),
  });
  const ids = await eligibleClients(t, prefix, 5, idPlan);
  const [a1, a2, prepaid, paused, archived] = ids as [string, string, string, string, string];
  await t
    .db('memberships')
    .whereIn('id_usuario', [a1, a2, paused, archived])
    .update({ paid_until: addDays(today(), 5) });
  await t
    .db('memberships')
    .where({ id_usuario: prepaid })
    .update({ paid_until: addDays(today(), 90) });
  await t.db('membership_pauses').insert({ id_usuario: paused, motivo: 'Lesión', started_on: today() });
  await t.db('clients').where({ id_usuario: archived }).update({ archived_at: clock.now(), archived_by: 'prueba' });
  return { a1, a2, prepaid, paused, archived };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => ipcApi.listen(0, '127.0.0.1', resolve));
  const ipcUrl = `http://127.0.0.1:${(ipcApi.address() as AddressInfo).port}/series?ids=148.3_INIVELNAL_DICI_M_26&format=json`;
  t = await createPaymentsTestApp({
    clock,
    mailer: { send: async (mail) => void sent.push(mail) },
    env: { IPC_API_URL: ipcUrl },
  });
  staff = await t.staffAgent();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => ipcApi.close(resolve));
});

describe('the IPC', () => {
  test('neither the API nor the CSV: the owner is told, a change by IPC waits, nothing is guessed', async () => {
    const service = pricingServiceFor({ ...jobCtx(), audit: createAuditRecorder(clock), fallbackCsv: () => '' });
    await expect(service.readIpc()).rejects.toThrow(m.noIpc);
    expect((await staff.get('/v1/precios/ipc').expect(409)).body).toEqual({ error: { message: m.noIpc } });
    const ipcChange = { fecha: addDays(today(), 30), tipo: 'ipc', planes: [1] };
    expect((await staff.post('/v1/precios/cambios/preview').send(ipcChange).expect(409)).body.error.message).toBe(
      m.noIpc,
    );
    expect((await staff.post('/v1/precios/cambios').send(ipcChange).expect(409)).body.error.message).toBe(m.noIpc);
    expect(await changesCount()).toBe(0);
    expect(await t.db('ipc_values').count<{ n: number }[]>({ n: '*' }).first()).toEqual({ n: 0 });
  });

  test('the API down: the job reads the shipped CSV', async () => {
    mode = 'down';
    const run = await runJobOnce(ipcJob, jobCtx(), { force: true });
    expect(run.result).toEqual({ fuente: 'csv', meses: 35 });
    expect((await staff.get('/v1/precios/ipc').expect(200)).body).toEqual({
      mes: '2026-10',
      valor: 12880.1442,
      variacionMensual: 2.1,
      fuente: 'csv',
      leidoEn: clock.now().toISOString(),
    });
  });

  test('in production without IPC_CSV the stand-in figures are never read: the IPC is unknown', async () => {
    mode = 'down';
    const config = { ...t.config, pricing: { ...t.config.pricing, ipcCsv: null } };
    const service = pricingServiceFor({ ...jobCtx(), config, audit: createAuditRecorder(clock) });
    await expect(service.readIpc()).rejects.toThrow(m.noIpc);
  });

  test('IPC_CSV names the published series: it is read when the API is down', async () => {
    mode = 'down';
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'ipc-')), 'serie.csv');
    await writeFile(file, 'indice_tiempo,ipc_nivel_general_nacional\n2023-10-01,2496.2\n2023-11-01,2816.1\n');
    const config = { ...t.config, pricing: { ...t.config.pricing, ipcCsv: file } };
    const service = pricingServiceFor({ ...jobCtx(), config, audit: createAuditRecorder(clock) });
    expect(await service.readIpc()).toEqual({ fuente: 'csv', meses: 2 });
    // Months the table did not have yet (a month already read is kept: the API's word wins).
    const read = await t.db('ipc_values').where('month', '<', '2023-12-01').orderBy('month').select('value');
    expect(read.map((r: { value: string }) => Number(r.value))).toEqual([2496.2, 2816.1]);
  });

  test("the API's JSON replaces the CSV's months; the last value, its month and its monthly change", async () => {
    mode = 'up';
    const run = await runJobOnce(ipcJob, jobCtx(), { force: true });
    expect(run.result).toEqual({ fuente: 'api', meses: 2 });
    const ipc = (await staff.get('/v1/precios/ipc').expect(200)).body;
    expect(ipc).toEqual(
      expect.objectContaining({ mes: month(-1).slice(0, 7), valor: 125, variacionMensual: 25, fuente: 'api' }),
    );
  });

  test('only the owner manages prices', async () => {
    const { agent } = await signedInAs(t, 'recepcion');
    await agent.get('/v1/precios/ipc').expect(403);
    await agent.post('/v1/precios/cambios').send({}).expect(403);
  });
});

describe('scheduling a change', () => {
  let members: Awaited<ReturnType<typeof planWithMembers>>;
  beforeAll(async () => {
    members = await planWithMembers(7, 'precio-siete');
  });

  test('every bad input is a Spanish 4xx and changes nothing', async () => {
    const good = { fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 10, planes: [7] };
    const earliest = formatDate(addDays(today(), 30));
    const cases: [object, number, string][] = [
      [{ ...good, fecha: '30/12/2026' }, 400, m.invalidDate],
      [{ ...good, fecha: addDays(today(), -1) }, 400, m.dateInPast],
      [{ ...good, fecha: today() }, 400, m.dateInPast],
      [{ ...good, fecha: addDays(today(), 29) }, 400, m.dateTooSoon(30, earliest)],
      [{ ...good, tipo: 'gratis' }, 400, m.invalidKind],
      [{ ...good, valor: 0 }, 400, m.invalidValue],
      [{ ...good, tipo: 'monto', valor: -500 }, 400, m.invalidAmount],
      [{ ...good, tipo: 'monto', valor: 10.5 }, 400, m.invalidAmount],
      [{ ...good, planes: [] }, 400, m.noPlans],
      [{ ...good, planes: [99] }, 400, m.unknownPlan],
      [{ ...good, valor: 150 }, 400, m.percentageNeedsConfirmation],
      [{ ...good, valor: -100 }, 400, m.resultNotPositive('PLAN 7')],
      [{ ...good, redondeoCentavos: 0 }, 400, m.invalidRounding],
    ];
    for (const [body, status, message] of cases) {
      const res = await staff.post('/v1/precios/cambios').send(body);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
      const preview = await staff.post('/v1/precios/cambios/preview').send(body);
      expect([preview.status, preview.body.error?.message]).toEqual([status, message]);
    }
    expect(await changesCount()).toBe(0);
    expect(sent.filter((x) => x.subject === m.noticeSubject)).toEqual([]);
  });

  test('the preview: each member with the current and new fee, who is left out and why, the income before and after', async () => {
    const body = { fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 7.3, planes: [7] };
    const preview = (await staff.post('/v1/precios/cambios/preview').send(body).expect(200)).body;
    // $ 10.000 + 7,3 % = $ 10.730, rounded to $ 100: $ 10.700.
    expect(preview.planes).toEqual([
      { idPlan: 7, nombrePlan: 'PLAN 7', cuotaActualCentavos: 1000000, cuotaNuevaCentavos: 1070000 },
    ]);
    expect(preview.afectados.map((a: { idUsuario: string }) => a.idUsuario)).toEqual([members.a1, members.a2]);
    expect(preview.afectados[0]).toEqual({
      idUsuario: members.a1,
      nombre: expect.any(String),
      idPlan: 7,
      cuotaActualCentavos: 1000000,
      cuotaNuevaCentavos: 1070000,
      pagadoHasta: addDays(today(), 5),
    });
    expect(preview.excluidos.map((e: { idUsuario: string; motivo: string }) => [e.idUsuario, e.motivo])).toEqual([
      [members.prepaid, 'prepago'],
      [members.paused, 'pausa'],
      [members.archived, 'archivado'],
    ]);
    expect(preview.excluidos[1].motivoTexto).toBe('Tiene la membresía en pausa');
    // Before: three paying members at $ 10.000; after: two at $ 10.700 and the prepaid one at $ 10.000.
    expect(preview.ingresoMensualAntesCentavos).toBe(3000000);
    expect(preview.ingresoMensualDespuesCentavos).toBe(3140000);
    expect(await changesCount()).toBe(0);
  });

  test('a change by IPC takes the last month’s change; over 100 % goes with a second confirmation', async () => {
    const ipc = (
      await staff
        .post('/v1/precios/cambios/preview')
        .send({ fecha: addDays(today(), 30), tipo: 'ipc', planes: [7] })
        .expect(200)
    ).body;
    expect([ipc.porcentaje, ipc.mesIpc, ipc.planes[0].cuotaNuevaCentavos]).toEqual([
      25,
      month(-1).slice(0, 7),
      1250000,
    ]);
    const confirmed = { fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 150, planes: [7], confirmado: true };
    expect(
      (await staff.post('/v1/precios/cambios/preview').send(confirmed).expect(200)).body.planes[0].cuotaNuevaCentavos,
    ).toBe(2500000);
  });
});

describe('a change 30 days away', () => {
  let members: Awaited<ReturnType<typeof planWithMembers>>;
  let id: string;
  let debitor: { preapprovalId: string; agent: Awaited<ReturnType<typeof memberAgent>> };

  beforeAll(async () => {
    members = await planWithMembers(8, 'precio-ocho');
    // One of them pays by automatic debit at $ 10.000.
    const agent = await memberAgent(t, staff, sent, members.a2);
    const start = await agent.post('/v1/socio/debito').expect(201);
    const preapprovalId = new URL(start.body.initPoint).searchParams.get('preapproval_id')!;
    await t.fake.subscriptions.authorize(preapprovalId);
    debitor = { preapprovalId, agent };
  });

  const fake = () => t.fake.subscriptions.preapprovals.get(debitor.preapprovalId)!.auto_recurring.transaction_amount;
  const fee = async () =>
    Number((await t.db('plans').where({ id_plan: 8 }).first('cuota_mensual_centavos')).cuota_mensual_centavos);

  test('scheduled: the members are e-mailed at once with the old fee, the new fee and the date', async () => {
    const fecha = addDays(today(), 30);
    const res = await staff
      .post('/v1/precios/cambios')
      .send({ fecha, tipo: 'monto', valor: 1250000, planes: [8] })
      .expect(201);
    id = res.body.id;
    expect(res.body).toEqual(
      expect.objectContaining({
        fecha,
        tipo: 'monto',
        estado: 'avisado',
        avisoEnviadoEn: clock.now().toISOString(),
        planes: [{ idPlan: 8, nombrePlan: 'PLAN 8', cuotaActualCentavos: 1000000, cuotaNuevaCentavos: 1250000 }],
      }),
    );
    // The outbox sends them after the answer.
    const [mail] = await mailed(`${members.a1}@correo.com`);
    expect(mail?.text).toContain(
      `desde el ${formatDate(fecha)} la cuota mensual de tu plan PLAN 8 pasa de ${pesos(1000000)} a ${pesos(1250000)}.`,
    );
    expect((await mailed(`${members.prepaid}@correo.com`))[0]?.text).toContain('Los meses que ya pagaste');
    expect(noticesTo(`${members.paused}@correo.com`)).toEqual([]);
    expect(noticesTo(`${members.archived}@correo.com`)).toEqual([]);
    const audit = await t
      .db('audit_log')
      .where({ entity: 'cambio_precio', entity_id: id })
      .select('action', 'actor_email');
    expect(audit).toEqual([{ action: 'programar', actor_email: 'admin@prueba.test' }]);
  });

  test('the member sees the banner in the portal', async () => {
    const { avisos } = (await debitor.agent.get('/v1/socio/avisos-de-precio').expect(200)).body;
    expect(avisos).toEqual([
      {
        id,
        fecha: addDays(today(), 30),
        plan: 'PLAN 8',
        cuotaActualCentavos: 1000000,
        cuotaNuevaCentavos: 1250000,
        texto: `Desde el ${formatDate(addDays(today(), 30))} la cuota de tu plan pasa de ${pesos(1000000)} a ${pesos(1250000)}.`,
      },
    ]);
  });

  test('once told it cannot be edited nor cancelled, only postponed; another change that day is refused', async () => {
    const edit = await staff
      .put(`/v1/precios/cambios/${id}`)
      .send({ fecha: addDays(today(), 31), tipo: 'monto', valor: 1, planes: [8] });
    expect([edit.status, edit.body.error.message]).toEqual([409, m.alreadyNoticed]);
    expect((await staff.delete(`/v1/precios/cambios/${id}`).expect(409)).body.error.message).toBe(m.alreadyNoticed);
    const again = await staff
      .post('/v1/precios/cambios')
      .send({ fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 5, planes: [8] });
    expect([again.status, again.body.error.message]).toEqual([
      409,
      m.sameDate('PLAN 8', formatDate(addDays(today(), 30))),
    ]);
    // Another change of the plan, then this one postponed onto its date: refused, naming the plan.
    const other = await staff
      .post('/v1/precios/cambios')
      .send({ fecha: addDays(today(), 40), tipo: 'porcentaje', valor: 5, planes: [8] })
      .expect(201);
    const onto = await staff.post(`/v1/precios/cambios/${id}/posponer`).send({ fecha: addDays(today(), 40) });
    expect([onto.status, onto.body.error.message]).toEqual([
      409,
      m.sameDate('PLAN 8', formatDate(addDays(today(), 40))),
    ]);
    await staff.delete(`/v1/precios/cambios/${other.body.id}`).expect(200);
    const earlier = await staff.post(`/v1/precios/cambios/${id}/posponer`).send({ fecha: addDays(today(), 29) });
    expect([earlier.status, earlier.body.error.message]).toEqual([400, m.postponeLater]);
    await staff.delete('/v1/precios/cambios/00000000-0000-4000-8000-000000000000').expect(404);
  });

  test('the fee and the debit change on the date, not before; what the prepaid member paid stays paid', async () => {
    const prepaidBefore = await t.db('memberships').where({ id_usuario: members.prepaid }).first('paid_until');
    now += 29 * DAY;
    expect((await runPricing()).result).toEqual({ avisados: 0, aplicados: 0, debitos: 0, erroresDebitos: 0 });
    expect([await fee(), fake()]).toEqual([1000000, 10000]);
    now += 1 * DAY;
    expect((await runPricing()).result).toEqual({ avisados: 0, aplicados: 1, debitos: 1, erroresDebitos: 0 });
    expect([await fee(), fake()]).toEqual([1250000, 12500]);
    expect(await t.db('debits').where({ id_usuario: members.a2 }).first('amount_centavos')).toEqual({
      amount_centavos: 1250000,
    });
    expect((await t.db('price_changes').where({ id }).first('status')).status).toBe('aplicado');
    expect(await t.db('memberships').where({ id_usuario: members.prepaid }).first('paid_until')).toEqual(prepaidBefore);
    const audit = await t
      .db('audit_log')
      .where({ entity: 'plan', entity_id: 'plan-precio-8', action: 'editar' })
      .first('before', 'after');
    expect(audit).toBeDefined();
    // Run again: nothing twice.
    expect((await runPricing()).result).toEqual({ avisados: 0, aplicados: 0, debitos: 0, erroresDebitos: 0 });
  });
});

describe('a change further away', () => {
  test('is not told yet: it can be edited and cancelled; the job tells the members when its period starts', async () => {
    await planWithMembers(9, 'precio-nueve');
    staff = await t.staffAgent();
    const before = sent.length;
    const created = await staff
      .post('/v1/precios/cambios')
      .send({ fecha: addDays(today(), 45), tipo: 'porcentaje', valor: 10, planes: [9] })
      .expect(201);
    expect(created.body.estado).toBe('programado');
    expect(sent.length).toBe(before);
    const edited = await staff
      .put(`/v1/precios/cambios/${created.body.id}`)
      .send({ fecha: addDays(today(), 50), tipo: 'porcentaje', valor: 20, planes: [9] })
      .expect(200);
    expect([edited.body.fecha, edited.body.planes[0].cuotaNuevaCentavos]).toEqual([addDays(today(), 50), 1200000]);
    now += 20 * DAY;
    expect((await runPricing()).result).toEqual(expect.objectContaining({ avisados: 3 }));
    expect((await t.db('price_changes').where({ id: created.body.id }).first('status')).status).toBe('avisado');

    staff = await t.staffAgent();
    const other = await staff
      .post('/v1/precios/cambios')
      .send({ fecha: addDays(today(), 60), tipo: 'monto', valor: 900000, planes: [9] })
      .expect(201);
    expect((await staff.delete(`/v1/precios/cambios/${other.body.id}`).expect(200)).body).toEqual({
      message: m.cancelled,
    });
    expect((await t.db('price_changes').where({ id: other.body.id }).first('status')).status).toBe('cancelado');
    const actions = (id: string) =>
      t.db('audit_log').where({ entity: 'cambio_precio', entity_id: id }).orderBy('id').pluck('action');
    expect(await actions(created.body.id)).toEqual(['programar', 'editar']);
    expect(await actions(other.body.id)).toEqual(['programar', 'cancelar']);
  });
});

describe('Reportes', () => {
  test('income deflated by the IPC, and the bajas in the 60 days after each applied change', async () => {
    // A payment two months back (IPC 100), read in pesos of the last IPC month (125).
    const [payer] = await eligibleClients(t, 'precio-reporte', 1);
    const at = new Date(`${month(-2).slice(0, 8)}15T15:00:00Z`);
    await t.db('membership_payments').insert({
      id_usuario: payer,
      amount_centavos: 1000000,
      plan_price_centavos: 1000000,
      id_plan: 1,
      method: 'efectivo',
      months: 1,
      period_from: month(-2),
      period_to: addDays(month(-2), 30),
      days_added: 30,
      created_at: at,
      receipt_number: 990001,
    });
    staff = await t.staffAgent();
    const report = (await staff.get('/v1/reportes/ipc').expect(200)).body;
    expect(report.base).toBe(month(-1).slice(0, 7));
    const two = report.meses.find((x: { mes: string }) => x.mes === month(-2).slice(0, 7));
    expect(two).toEqual(expect.objectContaining({ ipc: 100 }));
    expect(two.ingresoRealCentavos).toBe(Math.round((two.ingresoCentavos * 125) / 100));
    expect(two.ingresoCentavos).toBeGreaterThanOrEqual(1000000);
    expect(report.cambios).toEqual([expect.objectContaining({ planes: ['PLAN 8'], bajas60Dias: 0 })]);
  });
});
