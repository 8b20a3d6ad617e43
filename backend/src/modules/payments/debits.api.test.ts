import { debitMessages as dm } from '@gym/contracts/debits';
import { tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import { paymentPeriod } from '@gym/contracts/membership-rules';
import request from 'supertest';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { eventually } from '../../test/test-app';
import { TEST_MERCADOPAGO } from '../../test/test-config';
import { stopDebitFor } from '.';
import { signatureHeader } from './mercadopago/signature';
import { reconcileJob } from './reconcile.job';

// Issue 45, item 1: the monthly fee debited by Mercado Pago Suscripciones, against the local fake.

const sent: OutgoingMail[] = [];
let t: PaymentsTestApp;
let staff: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;
let fee: number;
let planName: string;

beforeAll(async () => {
  t = await createPaymentsTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  staff = await t.staffAgent();
  const plan = await t.db('plans').where({ id_plan: 1 }).first('cuota_mensual_centavos', 'nombre_plan');
  fee = Number(plan.cuota_mensual_centavos);
  planName = plan.nombre_plan;
});
afterAll(() => t.close());

const silent = createLogger({ level: 'silent', pretty: false });
const subs = () => t.fake.subscriptions;
const reconcile = () =>
  runJobOnce(
    reconcileJob,
    {
      db: t.db,
      logger: silent,
      clock: { now: () => new Date() },
      config: t.config,
      mailer: { send: async () => undefined },
    },
    { force: true },
  );
const paidUntil = async (id: string): Promise<IsoDate> =>
  (await t.db.raw("SELECT to_char(paid_until, 'YYYY-MM-DD') AS d FROM memberships WHERE id_usuario = ?", [id])).rows[0]
    .d;
const payments = (id: string) =>
  t.db('membership_payments').where({ id_usuario: id }).orderBy('created_at').select('method', 'amount_centavos');
const mailsTo = (id: string, subject: string | RegExp) =>
  sent.filter((m) => m.to.address === `${id}@correo.com` && new RegExp(subject).test(m.subject));
/** Those mails once `count` have gone out (the outbox sends them a moment after the notification's answer). */
const mailed = (id: string, subject: string | RegExp, count: number) =>
  eventually(
    async () => mailsTo(id, subject),
    (mails) => mails.length >= count,
  );
const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 15, 15)).toISOString();
};

/** A member signed in to the portal who started the debit and authorised it at the provider. */
async function authorised(prefix: string) {
  const [id] = await eligibleClients(t, prefix, 1);
  const agent = await memberAgent(t, staff, sent, id!);
  const start = await agent.post('/v1/socio/debito').expect(201);
  const preapprovalId = new URL(start.body.initPoint).searchParams.get('preapproval_id')!;
  const page = await (await fetch(start.body.initPoint)).text();
  expect(page).toContain(`Cuota mensual: ${planName}`);
  const back = await fetch(new URL('/subscriptions/checkout/authorize', start.body.initPoint), {
    method: 'POST',
    body: new URLSearchParams({ preapproval_id: preapprovalId }),
    redirect: 'manual',
  });
  expect(new URL(back.headers.get('location')!).pathname).toBe('/socio');
  return { id: id!, agent, preapprovalId, debitId: start.body.debito.id as string };
}

describe('a member pays the monthly fee by automatic debit', () => {
  test('authorised, then three billing cycles: paid-until moves three months, three receipts', async () => {
    const [id] = await eligibleClients(t, 'deb-tres', 1);
    const agent = await memberAgent(t, staff, sent, id!);
    // The browser sends no amount: the server's fee and the plan's name go to the provider.
    const start = await agent.post('/v1/socio/debito').send({ amountCentavos: 100 }).expect(201);
    expect(start.body).toEqual({
      initPoint: expect.stringContaining('/subscriptions/checkout?preapproval_id='),
      debito: {
        id: expect.any(String),
        estado: 'pendiente',
        plan: planName,
        amountCentavos: fee,
        createdAt: expect.any(String),
      },
    });
    const preapprovalId = new URL(start.body.initPoint).searchParams.get('preapproval_id')!;
    expect(subs().preapprovals.get(preapprovalId)).toEqual(
      expect.objectContaining({
        status: 'pending',
        reason: `Cuota mensual: ${planName}`,
        payer_email: `${id}@correo.com`,
        auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: fee / 100, currency_id: 'ARS' },
      }),
    );
    // Asked again before authorising it: the same one.
    const again = await agent.post('/v1/socio/debito').expect(201);
    expect(again.body.initPoint).toBe(start.body.initPoint);
    expect(subs().preapprovals.size).toBeGreaterThanOrEqual(1);

    await subs().authorize(preapprovalId);
    expect((await agent.get('/v1/socio/debito').expect(200)).body.debito).toEqual(
      expect.objectContaining({ estado: 'activo', plan: planName, amountCentavos: fee }),
    );
    expect((await agent.post('/v1/socio/debito').expect(409)).body).toEqual({
      error: { message: dm.alreadyActive },
    });

    const before = await paidUntil(id!);
    for (const offset of [0, 1, 2]) await subs().cycle(preapprovalId, { debitDate: month(offset) });
    expect(await payments(id!)).toEqual(Array(3).fill({ method: 'mercadopago', amount_centavos: fee }));
    const today = tucumanToday(new Date());
    expect(await paidUntil(id!)).toBe(paymentPeriod({ paidUntil: before, cycleDay: 1 }, 3, today).to);
    expect(await mailed(id!, '^Tu recibo ', 3)).toHaveLength(3);
    expect(mailsTo(id!, '^Tu recibo ')[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    const charges = await t.db('debit_charges').where({ debit_id: start.body.debito.id }).select('status');
    expect(charges).toEqual(Array(3).fill({ status: 'aprobado' }));
  });

  test('a rejected cycle: the member is told once, the desk lists it; the approved retry records it', async () => {
    const { id, preapprovalId } = await authorised('deb-rechazo');
    const charge = await subs().cycle(preapprovalId, { outcome: 'rejected' });
    const retried = await subs().retry(charge.id, { outcome: 'rejected' });
    expect(retried.retry_attempt).toBe(1);
    await subs().send([{ type: 'subscription_authorized_payment', id: charge.id }], { times: 2 });

    const told = await mailed(id, dm.rejectedSubject, 1);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('No pudimos cobrar tu cuota con débito automático');
    expect(told[0]!.text).toContain('pagala de otra forma');
    expect(told[0]!.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/socio$/);
    const listed = await staff.get('/v1/debitos/rechazados').expect(200);
    expect(listed.body.rechazados.filter((r: { idUsuario: string }) => r.idUsuario === id)).toEqual([
      {
        idUsuario: id,
        nombre: 'Socio 1',
        periodo: tucumanToday(new Date()).slice(0, 7),
        amountCentavos: fee,
        intentos: 2,
        updatedAt: expect.any(String),
      },
    ]);
    expect(await payments(id)).toEqual([]);

    await subs().retry(charge.id, { outcome: 'approved' });
    expect(await payments(id)).toEqual([{ method: 'mercadopago', amount_centavos: fee }]);
    const after = await staff.get('/v1/debitos/rechazados').expect(200);
    expect(after.body.rechazados.some((r: { idUsuario: string }) => r.idUsuario === id)).toBe(false);
    expect(mailsTo(id, dm.rejectedSubject)).toHaveLength(1);
  });

  test('duplicated and out-of-order notifications record each charge once', async () => {
    const { id, preapprovalId } = await authorised('deb-desorden');
    const first = await subs().cycle(preapprovalId, { outcome: 'rejected', notify: false, debitDate: month(0) });
    await subs().retry(first.id, { outcome: 'approved', notify: false });
    const second = await subs().cycle(preapprovalId, { notify: false, debitDate: month(1) });
    const notes = [
      { type: 'subscription_preapproval' as const, id: preapprovalId },
      { type: 'subscription_authorized_payment' as const, id: first.id },
      { type: 'subscription_authorized_payment' as const, id: second.id },
    ];
    expect(await subs().send(notes, { reversed: true, times: 3 })).toEqual(Array(9).fill(200));
    // At once, as a provider retrying a slow answer would.
    await Promise.all([subs().send(notes, { times: 2 }), subs().send(notes, { reversed: true })]);

    expect(await payments(id)).toEqual(Array(2).fill({ method: 'mercadopago', amount_centavos: fee }));
    expect(await mailed(id, '^Tu recibo ', 2)).toHaveLength(2);
    // The first cycle was read back approved: the member is not told of its earlier rejection.
    expect(mailsTo(id, dm.rejectedSubject)).toHaveLength(0);
  });

  test('a second charge for the same month goes back by itself, once', async () => {
    const { id, preapprovalId } = await authorised('deb-doble');
    await subs().cycle(preapprovalId, { debitDate: month(0) });
    const twice = await subs().cycle(preapprovalId, { debitDate: month(0) });
    await subs().send([{ type: 'subscription_authorized_payment', id: twice.id }], { times: 2 });
    expect(await payments(id)).toEqual([{ method: 'mercadopago', amount_centavos: fee }]);
    const paymentId = twice.payment!.id;
    expect(t.fake.payments.get(paymentId)!.status).toBe('refunded');
    expect([...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect(
      await t
        .db('debit_charges')
        .where({ authorized_payment_id: String(twice.id) })
        .first('status'),
    ).toEqual({
      status: 'reembolsado',
    });
    const audits = await t.db('audit_log').where({ entity: 'membresia', entity_id: id, action: 'devolver_pago' });
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toEqual(expect.objectContaining({ mercadoPago: String(paymentId), motivo: 'ya-pagada' }));
  });

  test('forged or stale notifications are 401 and change nothing', async () => {
    const { id, preapprovalId } = await authorised('deb-falso');
    const charge = await subs().cycle(preapprovalId, { notify: false });
    const forged = await subs().send([{ type: 'subscription_authorized_payment', id: charge.id }], { forge: true });
    expect(forged).toEqual([401]);
    // Signed with our secret, but ten minutes ago: a replay.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const stale = await request(t.app)
      .post('/v1/pagos/mercadopago/webhook')
      .query({ 'data.id': String(charge.id), type: 'subscription_authorized_payment' })
      .set('x-request-id', 'req-vieja')
      .set(
        'x-signature',
        signatureHeader(TEST_MERCADOPAGO.webhookSecret, String(charge.id), 'req-vieja', tenMinutesAgo),
      )
      .send({ type: 'subscription_authorized_payment', data: { id: String(charge.id) } });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: { message: 'Aviso de pago rechazado' } });
    expect(await payments(id)).toEqual([]);
  });

  test('an amount that does not match the plan is ignored and listed for the owner', async () => {
    const { id, preapprovalId } = await authorised('deb-monto');
    const charge = await subs().cycle(preapprovalId, { amount: fee / 100 + 1 });
    expect(charge.payment!.status).toBe('approved');
    expect(await payments(id)).toEqual([]);
    const owner = await staff.get('/v1/debitos/observados').expect(200);
    expect(owner.body.observados.filter((o: { idUsuario: string }) => o.idUsuario === id)).toEqual([
      {
        idUsuario: id,
        nombre: 'Socio 1',
        periodo: tucumanToday(new Date()).slice(0, 7),
        amountCentavos: fee + 100,
        currency: 'ARS',
        expectedCentavos: fee,
        updatedAt: expect.any(String),
      },
    ]);
  });
});

describe('stopping a debit', () => {
  test("someone else's debit is 404; the member stops their own at once", async () => {
    const a = await authorised('deb-ajeno-a');
    const b = await authorised('deb-ajeno-b');
    const res = await b.agent.delete(`/v1/socio/debito/${a.debitId}`).expect(404);
    expect(res.body).toEqual({ error: { message: 'No encontramos ese débito automático.' } });
    await b.agent.delete('/v1/socio/debito/no-es-un-id').expect(404);
    expect(subs().preapprovals.get(a.preapprovalId)!.status).toBe('authorized');

    const stopped = await a.agent.delete(`/v1/socio/debito/${a.debitId}`).expect(200);
    expect(stopped.body).toEqual({
      message: 'Listo: frenamos el débito automático. No se te va a cobrar más.',
      debito: expect.objectContaining({ id: a.debitId, estado: 'cancelado' }),
    });
    expect(subs().preapprovals.get(a.preapprovalId)!.status).toBe('cancelled');
    expect((await a.agent.get('/v1/socio/debito').expect(200)).body.debito.estado).toBe('cancelado');
    // The trail: asked for, then stopped by the member.
    const trail = await t.db('audit_log').where({ entity: 'membresia', entity_id: a.id }).orderBy('id');
    expect(trail.filter((r) => r.action.startsWith('debito_')).map((r) => [r.action, r.after])).toEqual([
      ['debito_activar', expect.objectContaining({ debito: a.debitId, plan: planName, monto: fee })],
      ['debito_frenar', { debito: a.debitId, motivo: 'socio' }],
    ]);
    // A charge the provider had under way as it was stopped: given back, nothing recorded.
    subs().preapprovals.get(a.preapprovalId)!.status = 'authorized';
    const late = await subs().cycle(a.preapprovalId);
    expect(t.fake.payments.get(late.payment!.id)!.status).toBe('refunded');
    expect(await payments(a.id)).toEqual([]);
    subs().preapprovals.get(a.preapprovalId)!.status = 'cancelled';
    // Started again later: a new preapproval.
    const again = await a.agent.post('/v1/socio/debito').expect(201);
    expect(again.body.debito.id).not.toBe(a.debitId);
  });

  test('stopDebitFor (the botón de baja) cancels the preapproval at the provider at once', async () => {
    const { id, preapprovalId, debitId } = await authorised('deb-baja');
    const deps = {
      clock: { now: () => new Date() },
      logger: silent,
      config: t.config,
      mailer: { send: async () => undefined },
    };
    expect(await t.db.transaction((trx) => stopDebitFor(trx, id, 'baja', deps))).toBe(true);
    expect(subs().preapprovals.get(preapprovalId)!.status).toBe('cancelled');
    expect(await t.db('debits').where({ id: debitId }).first('status', 'cancel_reason')).toEqual({
      status: 'cancelado',
      cancel_reason: 'baja',
    });
    expect(await t.db('audit_log').where({ entity_id: id, action: 'debito_frenar' }).select('after')).toEqual([
      { after: { debito: debitId, motivo: 'baja' } },
    ]);
    expect(await stopDebitFor(t.db, id, 'baja', deps)).toBe(false);
  });

  test('the Botón de baja stops the debit at once, before it answers with the code', async () => {
    const { id, preapprovalId, debitId } = await authorised('deb-boton');
    const res = await request(t.app)
      .post('/v1/consumo/baja')
      .send({ nombre: 'Socio 1', contacto: `${id}@correo.com`, que: ['membresia'] })
      .expect(201);
    expect(res.body.codigo).toMatch(/^BAJA-/);
    expect(subs().preapprovals.get(preapprovalId)!.status).toBe('cancelled');
    expect(await t.db('debits').where({ id: debitId }).first('status', 'cancel_reason')).toEqual({
      status: 'cancelado',
      cancel_reason: 'baja',
    });
  });

  test('a pause of the membership pauses the preapproval at once, a resume authorises it again', async () => {
    const { id, preapprovalId } = await authorised('deb-pausa');
    await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' }).expect(200);
    expect(subs().preapprovals.get(preapprovalId)!.status).toBe('paused');
    expect(await t.db('debits').where({ preapproval_id: preapprovalId }).first('status')).toEqual({
      status: 'pausado',
    });
    await staff.post(`/v1/memberships/${id}/resume`).expect(200);
    expect(subs().preapprovals.get(preapprovalId)!.status).toBe('authorized');
    expect(await t.db('debits').where({ preapproval_id: preapprovalId }).first('status')).toEqual({ status: 'activo' });
  });

  test('an archived client’s debit is cancelled at once', async () => {
    const { id, preapprovalId } = await authorised('deb-archivo');
    // A month charged: with a payment the client is archived, not deleted.
    await subs().cycle(preapprovalId, { notify: false });
    await reconcile();
    const removed = await staff.post('/v1/borrarusuario').send({ idUsuario: id }).expect(200);
    expect(removed.body.archived).toBe(true);
    expect(subs().preapprovals.get(preapprovalId)!.status).toBe('cancelled');
    expect(await t.db('debits').where({ preapproval_id: preapprovalId }).first('status', 'cancel_reason')).toEqual({
      status: 'cancelado',
      cancel_reason: 'archivado',
    });
  });

  test('the reconciliation records a charge whose notification was lost', async () => {
    const { id, preapprovalId } = await authorised('deb-perdida');
    await subs().cycle(preapprovalId, { notify: false });
    await reconcile();
    expect(await payments(id)).toEqual([{ method: 'mercadopago', amount_centavos: fee }]);
  });
});
