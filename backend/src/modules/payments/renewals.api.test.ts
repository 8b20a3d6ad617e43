import { paymentMessages as pm, type RenewalRefundReason } from '@gym/contracts/orders';
import type { AuditEntryView } from '@gym/contracts/roles';
import { AUDIT_KEYS } from '@gym/contracts/audit';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { eventually } from '../../test/test-app';
import { reconcileJob } from './reconcile.job';

// Issue 41, items 3 and 4: a renewal paid twice (or too late) gives the money back by itself; starting
// renewals is throttled per member and an open one is answered again.

const sent: OutgoingMail[] = [];
let t: PaymentsTestApp;
let staff: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createPaymentsTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

const countOf = async (table: string, where: Record<string, unknown>) =>
  Number((await t.db(table).where(where).count({ n: '*' }))[0]!.n);
const refundsAtProvider = (paymentId: number) => [...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId);
const refundRows = (paymentId: number) =>
  t
    .db('online_refunds')
    .where({ provider_payment_id: String(paymentId) })
    .select('amount_centavos', 'reason');
const refundAudits = (idUsuario: string) =>
  t.db('audit_log').where({ entity: 'membresia', entity_id: idUsuario, action: 'devolver_pago' }).orderBy('id');

/**
 * What the owner's audit trail answers for this member's refunds: the pair, who it was about and
 * what it holds. The audit screen reads each as a sentence with the reason in words; its test
 * (frontend/src/features/audit/__tests__/audit-sentences.test.ts) reads such rows for each reason.
 */
async function ownerReads(idUsuario: string) {
  const res = await staff.get('/v1/audit').query({ entity: 'membresia', limit: '100' }).expect(200);
  return (res.body.entries as AuditEntryView[])
    .filter((e) => e.entityId === idUsuario && e.action === 'devolver_pago')
    .map((e) => ({ key: `${e.entity}.${e.action}`, subject: e.subject, after: e.after }));
}

/** The payment went back at the provider once, with one row and one audit row saying why. */
async function expectGivenBack(idUsuario: string, paymentId: number, amount: number, reason: RenewalRefundReason) {
  await eventually(
    async () => t.fake.payments.get(paymentId)!.status,
    (status) => status === 'refunded',
  );
  expect(t.fake.payments.get(paymentId)!.status).toBe('refunded');
  expect(refundsAtProvider(paymentId)).toHaveLength(1);
  const rows = await eventually(
    () => refundRows(paymentId),
    (r) => r.length > 0,
  );
  expect(rows.map((r) => ({ ...r, amount_centavos: Number(r.amount_centavos) }))).toEqual([
    { amount_centavos: amount, reason },
  ]);
  const audits = await refundAudits(idUsuario);
  expect(audits).toHaveLength(1);
  expect(audits[0]).toEqual(expect.objectContaining({ actor_email: null, request_id: `mercadopago:${paymentId}` }));
  expect(audits[0].after).toEqual(
    expect.objectContaining({ mercadoPago: String(paymentId), monto: amount, motivo: reason }),
  );
  // Beside the member's payments, the desk and the owner read it with its reason.
  const listed = await staff.get(`/v1/pagos/mercadopago/socios/${idUsuario}/reembolsos`).expect(200);
  expect(listed.body).toEqual({
    reembolsos: [{ mercadoPago: String(paymentId), amountCentavos: amount, reason, createdAt: expect.any(String) }],
  });
  const [read] = await ownerReads(idUsuario);
  expect(AUDIT_KEYS).toContain(read!.key);
  expect(read!.after).toEqual(expect.objectContaining({ mercadoPago: String(paymentId), motivo: reason }));
}

async function member(prefix: string) {
  const [id] = await eligibleClients(t, prefix, 1);
  return { id: id!, agent: await memberAgent(t, staff, sent, id!) };
}

describe('an approved renewal payment that cannot be applied goes back by itself', () => {
  test('the same checkout paid twice: one payment recorded, the second refunded once however many notifications', async () => {
    const { id, agent } = await member('mp-doble');
    const start = await agent.post('/v1/socio/mercadopago').send({ meses: 2 }).expect(201);
    const first = await t.pay(start.body.checkoutUrl, 'approved');
    await eventually(
      () => countOf('membership_payments', { id_usuario: id }),
      (n) => n === 1,
    );
    const paidUntil = (await t.db('memberships').where({ id_usuario: id }).first('paid_until')).paid_until;

    // The other tab (or the back button): the same preference paid again.
    const second = await t.pay(start.body.checkoutUrl, 'approved');
    const amount = t.fake.payments.get(second)!.transaction_amount * 100;
    await expectGivenBack(id, second, amount, 'ya-pagada');
    expect(await ownerReads(id)).toEqual([
      {
        key: 'membresia.devolver_pago',
        subject: { name: 'Socio 1', email: `${id}@correo.com` },
        after: expect.objectContaining({ mercadoPago: String(second), monto: amount, motivo: 'ya-pagada' }),
      },
    ]);

    // The provider tells us again, several at once: still one refund, one row, one audit row.
    expect(await t.fake.notify(second, { times: 3 })).toEqual([200, 200, 200]);
    t.fake.setStatus(second, 'approved');
    expect(await t.fake.notify(second, { times: 3 })).toEqual([200, 200, 200]);
    expect(refundsAtProvider(second)).toHaveLength(1);
    expect(await refundRows(second)).toHaveLength(1);
    expect(await refundAudits(id)).toHaveLength(1);

    // The first payment stands: one payment recorded, paid-until moved once.
    expect(t.fake.payments.get(first)!.status).toBe('approved');
    expect(refundsAtProvider(first)).toEqual([]);
    expect(await countOf('membership_payments', { id_usuario: id })).toBe(1);
    expect((await t.db('memberships').where({ id_usuario: id }).first('paid_until')).paid_until).toEqual(paidUntil);
    expect(await t.db('online_payments').where({ id_usuario: id }).select('status', 'provider_payment_id')).toEqual([
      { status: 'aprobado', provider_payment_id: String(first) },
    ]);
  });

  test('approved after the member was archived: refunded, nothing recorded', async () => {
    const { id, agent } = await member('mp-archivado');
    // A cash payment first: with history, deleting the client archives it.
    await staff
      .post(`/v1/memberships/${id}/payments`)
      .send({ method: 'efectivo', amount: 15000, months: 1 })
      .expect(201);
    const start = await agent.post('/v1/socio/mercadopago').send({ meses: 1 }).expect(201);
    const res = await staff.post('/v1/borrarusuario').send({ idUsuario: id }).expect(200);
    expect(res.body.archived).toBe(true);

    const paymentId = await t.pay(start.body.checkoutUrl, 'approved');
    await expectGivenBack(id, paymentId, t.fake.payments.get(paymentId)!.transaction_amount * 100, 'archivado');
    expect((await ownerReads(id)).map((read) => read.after?.motivo)).toEqual(['archivado']);
    expect(await t.db('membership_payments').where({ id_usuario: id }).select('method')).toEqual([
      { method: 'efectivo' },
    ]);
  });

  test('approved after its checkout expired: refunded, nothing recorded', async () => {
    const { id, agent } = await member('mp-vencido');
    const start = await agent.post('/v1/socio/mercadopago').send({ meses: 1 }).expect(201);
    // A cash ticket left pending; a day and more later the reconciliation closes the renewal.
    const paymentId = await t.pay(start.body.checkoutUrl, 'pending');
    await t.fake.idle();
    const later = { now: () => new Date(Date.now() + 26 * 3_600_000) };
    await runJobOnce(reconcileJob, {
      db: t.db,
      logger: createLogger({ level: 'silent', pretty: false }),
      clock: later,
      config: t.config,
      mailer: { send: async () => undefined },
    });
    expect(await t.db('online_payments').where({ id_usuario: id }).first('status')).toEqual({ status: 'vencido' });

    // Then the ticket is paid.
    t.fake.setStatus(paymentId, 'approved');
    expect(await t.fake.notify(paymentId)).toEqual([200]);
    await expectGivenBack(id, paymentId, t.fake.payments.get(paymentId)!.transaction_amount * 100, 'vencida');
    expect((await ownerReads(id)).map((read) => read.after?.motivo)).toEqual(['vencida']);
    expect(await countOf('membership_payments', { id_usuario: id })).toBe(0);
  });
});

describe('starting a renewal', () => {
  test('30 in a row for the same months answer one open checkout; at most 5 new ones in 10 minutes, then 429', async () => {
    const { id, agent } = await member('mp-rafaga');
    const urls: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await agent.post('/v1/socio/mercadopago').send({ meses: 2 });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['checkoutUrl']);
      urls.push(res.body.checkoutUrl);
    }
    expect(new Set(urls).size).toBe(1);
    expect(await countOf('online_payments', { id_usuario: id })).toBe(1);

    // Other months are new checkouts: four more make five.
    for (const meses of [1, 3, 4, 5]) {
      const res = await agent.post('/v1/socio/mercadopago').send({ meses }).expect(201);
      expect(res.body.checkoutUrl).not.toBe(urls[0]);
    }
    const sixth = await agent.post('/v1/socio/mercadopago').send({ meses: 6 });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: { message: pm.tooManyRenewals } });
    expect(pm.tooManyRenewals).toBe('Pediste demasiados pagos en poco tiempo. Probá de nuevo en unos minutos.');
    expect(sixth.headers['retry-after']).toBe('600');
    expect(await countOf('online_payments', { id_usuario: id })).toBe(5);

    // The open ones are still answered, and another member is not limited by this one.
    const again = await agent.post('/v1/socio/mercadopago').send({ meses: 2 }).expect(201);
    expect(again.body.checkoutUrl).toBe(urls[0]);
    const other = await member('mp-rafaga-otro');
    await other.agent.post('/v1/socio/mercadopago').send({ meses: 6 }).expect(201);
  });

  test('asked at once (12 periods, then 10 times the same): never more than 5 checkouts, the rest 429', async () => {
    const { id, agent } = await member('mp-rafaga-junta');
    const ask = (meses: number) => agent.post('/v1/socio/mercadopago').send({ meses });
    const periods = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(i + 1)));
    expect(periods.map((a) => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(await countOf('online_payments', { id_usuario: id })).toBe(5);

    const other = await member('mp-rafaga-junta-2');
    const same = await Promise.all(
      Array.from({ length: 10 }, () => other.agent.post('/v1/socio/mercadopago').send({ meses: 2 })),
    );
    expect(same.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    // Racing asks may each start one before any is open, but the limit still holds across them.
    expect(await countOf('online_payments', { id_usuario: other.id })).toBeLessThanOrEqual(5);
  });

  test('an open renewal already paid is not answered again: a new one is started', async () => {
    const { id, agent } = await member('mp-pagada');
    const start = await agent.post('/v1/socio/mercadopago').send({ meses: 1 }).expect(201);
    await t.pay(start.body.checkoutUrl, 'approved');
    await eventually(
      () => countOf('membership_payments', { id_usuario: id }),
      (n) => n === 1,
    );
    const next = await agent.post('/v1/socio/mercadopago').send({ meses: 1 }).expect(201);
    expect(next.body.checkoutUrl).not.toBe(start.body.checkoutUrl);
    expect(await countOf('online_payments', { id_usuario: id })).toBe(2);
  });
});
