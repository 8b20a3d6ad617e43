import request from 'supertest';
import { clientMessages } from '@gym/contracts/clients';
import { httpMessages } from '@gym/contracts/messages';
import { membershipMessages as m, type MembershipDetail } from '@gym/contracts/memberships';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { clientReads } from '../clients';
import { membershipReads } from './index';

/**
 * 12/03/2027 10:00 in Tucumán. Test days lie ahead of the real date: the cookie jar drops a session
 * cookie whose expiry (clock + 12 h) has passed in real time. Each move of the clock signs in again.
 */
const clock = manualClock(new Date('2027-03-12T13:00:00Z'));
async function setNow(iso: string) {
  clock.advanceMinutes((new Date(iso).getTime() - clock.now().getTime()) / 60_000);
  staff = await t.staffAgent();
}
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await t.staffAgent();
});
afterAll(() => t.close());
beforeEach(() => setNow('2027-03-12T13:00:00Z'));

let n = 0;
/** A fresh client on plan 1 (BOXEO, $ 2.500). */
async function newClient(plan = 1) {
  const idUsuario = `mb-${++n}`;
  await staff
    .post('/v1/agregarusuario')
    .send({ idUsuario, nombre: `Socio ${n}`, edad: 30, correo: `socio${n}@correo.com`, celular: 3815550000 + n, plan })
    .expect(201);
  return idUsuario;
}
const detail = async (id: string) => (await staff.get(`/v1/memberships/${id}`).expect(200)).body as MembershipDetail;
const pay = (id: string, body: Record<string, unknown> = {}) =>
  staff.post(`/v1/memberships/${id}/payments`).send({ method: 'efectivo', ...body });
const rows = (table: string, id: string) => t.db(table).where({ id_usuario: id });

describe('a visitor', () => {
  test.each([
    ['get', '/v1/desk/dashboard'],
    ['get', '/v1/desk/memberships'],
    ['get', '/v1/desk/export'],
    ['get', '/v1/memberships/demo-001'],
    ['post', '/v1/memberships/demo-001/payments'],
    ['post', '/v1/memberships/demo-001/pause'],
    ['post', '/v1/memberships/demo-001/resume'],
    ['put', '/v1/memberships/demo-001/apto'],
    ['get', '/v1/reminders/templates'],
    ['post', '/v1/reminders'],
  ] as const)('%s %s is 401', async (method, path) => {
    const res = await request(t.app)[method](path).send({ method: 'efectivo' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
  });
});

describe('payments move paid-until forward', () => {
  test('a first payment starts today, the amount is the plan price, and the price is kept with it', async () => {
    const id = await newClient();
    const res = await pay(id, { note: 'Pagó marzo' }).expect(201);
    expect(res.body.payment).toMatchObject({
      amountCentavos: 250_000,
      planPriceCentavos: 250_000,
      idPlan: 1,
      method: 'efectivo',
      months: 1,
      periodFrom: '2027-03-12',
      periodTo: '2027-04-12',
      note: 'Pagó marzo',
      voidedAt: null,
    });
    expect(res.body.detail.membership).toMatchObject({
      paidUntil: '2027-04-12',
      state: 'activa',
      startDate: '2027-03-12',
    });
    const [row] = await rows('membership_payments', id);
    expect(Number(row.amount_centavos)).toBe(250_000);
  });

  test('a later change of the monthly fee does not rewrite the payment', async () => {
    const id = await newClient(2);
    await pay(id).expect(201);
    await t.db('plans').where({ id_plan: 2 }).update({ cuota_mensual_centavos: 900_000 });
    const [payment] = (await detail(id)).payments;
    expect(payment).toMatchObject({ amountCentavos: 200_000, planPriceCentavos: 200_000 });
    expect((await detail(id)).planPriceCentavos).toBe(900_000);
    await t.db('plans').where({ id_plan: 2 }).update({ cuota_mensual_centavos: 200_000 });
  });

  test('the desk charges the monthly fee, not the hourly precio: 3 months default to 3 × the fee', async () => {
    const id = await newClient(3);
    await t.db('plans').where({ id_plan: 3 }).update({ cuota_mensual_centavos: 2_800_000 });
    try {
      expect((await detail(id)).planPriceCentavos).toBe(2_800_000);
      const res = await pay(id, { months: 3 }).expect(201);
      expect(res.body.payment).toMatchObject({ amountCentavos: 8_400_000, planPriceCentavos: 2_800_000, months: 3 });
    } finally {
      await t.db('plans').where({ id_plan: 3 }).update({ cuota_mensual_centavos: 150_000 });
    }
  });

  test('renewals keep the cycle day across month ends: 31/01 → 28/02 → 31/03', async () => {
    await setNow('2027-01-31T13:00:00Z');
    const id = await newClient();
    await pay(id).expect(201);
    expect((await detail(id)).membership!.paidUntil).toBe('2027-02-28');
    const second = await pay(id, { amountCentavos: 250_050, method: 'transferencia' }).expect(201);
    expect(second.body.payment).toMatchObject({
      periodFrom: '2027-03-01',
      periodTo: '2027-03-31',
      amountCentavos: 250_050,
    });
    const [row] = await t.db('membership_payments').where({ id: second.body.payment.id }).select('amount_centavos');
    expect(row.amount_centavos).toBe(250_050);
  });

  test('a leap year: 31/01/2028 paid for one month runs to 29/02/2028, and 3 months to 30/04', async () => {
    await setNow('2028-01-31T13:00:00Z');
    const id = await newClient();
    expect((await pay(id).expect(201)).body.payment.periodTo).toBe('2028-02-29');
    expect((await pay(id, { months: 2 }).expect(201)).body.payment).toMatchObject({
      periodTo: '2028-04-30',
      amountCentavos: 500_000,
    });
  });

  test('a lapsed membership starts again on the day of the payment', async () => {
    await setNow('2027-01-10T13:00:00Z');
    const id = await newClient();
    await pay(id).expect(201);
    await setNow('2027-03-12T13:00:00Z');
    expect((await detail(id)).membership!.state).toBe('vencida');
    const res = await pay(id).expect(201);
    expect(res.body.payment).toMatchObject({ periodFrom: '2027-03-12', periodTo: '2027-04-12' });
    expect(res.body.detail.membership.state).toBe('activa');
  });

  test.each([
    ['an unknown method', { method: 'cheque' }, 'method', m.methodInvalid],
    ['no method', { method: '' }, 'method', m.methodRequired],
    ['a zero amount', { amountCentavos: 0 }, 'amountCentavos', m.amountRange],
    ['99 centavos, below $ 1', { amountCentavos: 99 }, 'amountCentavos', m.amountRange],
    ['a fraction of a centavo', { amountCentavos: 250_000.5 }, 'amountCentavos', m.amountRange],
    ['an amount in words', { amountCentavos: 'mil' }, 'amountCentavos', m.amountNumber],
    ['13 months', { months: 13 }, 'months', m.monthsRange],
    ['a 201-character note', { note: 'x'.repeat(201) }, 'note', m.noteMax],
  ])('%s is 400 with its message and nothing is recorded', async (_s, body, field, message) => {
    const id = await newClient();
    const res = await pay(id, body).expect(400);
    expect(res.body.error).toEqual({ message, fields: { [field]: message } });
    expect(await rows('membership_payments', id)).toHaveLength(0);
    expect(await rows('memberships', id)).toHaveLength(0);
  });

  test('an unknown client is 404 and nothing is recorded', async () => {
    const res = await pay('no-existe').expect(404);
    expect(res.body).toEqual({ error: { message: clientMessages.notFound } });
  });

  test('two desks recording at once for the same client: both months count', async () => {
    const id = await newClient();
    await Promise.all([pay(id).expect(201), pay(id).expect(201)]);
    expect((await detail(id)).membership!.paidUntil).toBe('2027-05-12');
  });
});

describe('voids', () => {
  test('a void keeps the payment with its reason and takes back the days it added', async () => {
    const id = await newClient();
    await pay(id).expect(201);
    const second = (await pay(id).expect(201)).body.payment;
    expect((await detail(id)).membership!.paidUntil).toBe('2027-05-12');
    const res = await staff.post(`/v1/payments/${second.id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    expect(res.body.membership.paidUntil).toBe('2027-04-12');
    expect(res.body.payments[0]).toMatchObject({
      id: second.id,
      voidReason: 'Cargado dos veces',
      amountCentavos: 250_000,
    });
    expect(res.body.payments[0].voidedAt).toEqual(expect.any(String));
    expect(await rows('membership_payments', id)).toHaveLength(2);
  });

  test('a second void is 409 and changes nothing; a void without reason is 400', async () => {
    const id = await newClient();
    const p = (await pay(id).expect(201)).body.payment;
    const missing = await staff.post(`/v1/payments/${p.id}/void`).send({ reason: ' ' }).expect(400);
    expect(missing.body.error.message).toBe(m.reasonRequired);
    await staff.post(`/v1/payments/${p.id}/void`).send({ reason: 'Error' }).expect(200);
    const again = await staff.post(`/v1/payments/${p.id}/void`).send({ reason: 'Otra vez' }).expect(409);
    expect(again.body).toEqual({ error: { message: m.alreadyVoided } });
    expect((await detail(id)).membership!.paidUntil).toBe('2027-03-11');
  });

  test('an unknown payment is 404; payments cannot be edited or deleted', async () => {
    const res = await staff
      .post('/v1/payments/00000000-0000-0000-0000-000000000000/void')
      .send({ reason: 'Nada' })
      .expect(404);
    expect(res.body).toEqual({ error: { message: m.paymentNotFound } });
    await staff.post('/v1/payments/no-es-un-id/void').send({ reason: 'Nada' }).expect(404);
    await staff.put('/v1/payments/00000000-0000-0000-0000-000000000000').send({}).expect(404);
    await staff.delete('/v1/payments/00000000-0000-0000-0000-000000000000').expect(404);
  });
});

describe('pause and resume', () => {
  test('paused days are added to paid-until and the history shows the pause', async () => {
    const id = await newClient();
    await pay(id).expect(201);
    const paused = await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Lesión de rodilla' }).expect(200);
    expect(paused.body.membership).toMatchObject({ state: 'pausada', pausedSince: '2027-03-12' });
    const twice = await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' }).expect(409);
    expect(twice.body).toEqual({ error: { message: m.alreadyPaused } });
    await setNow('2027-03-22T13:00:00Z');
    const resumed = await staff.post(`/v1/memberships/${id}/resume`).expect(200);
    expect(resumed.body.membership).toMatchObject({ state: 'activa', paidUntil: '2027-04-22', pausedSince: null });
    expect(resumed.body.pauses).toEqual([
      { id: expect.any(String), motivo: 'Lesión de rodilla', startedOn: '2027-03-12', endedOn: '2027-03-22', days: 10 },
    ]);
    const again = await staff.post(`/v1/memberships/${id}/resume`).expect(409);
    expect(again.body).toEqual({ error: { message: m.notPaused } });
  });

  test('no pause without a membership, nor for a lapsed one; a short motivo is 400', async () => {
    const id = await newClient();
    const none = await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' }).expect(409);
    expect(none.body).toEqual({ error: { message: m.noMembership } });
    expect(await rows('memberships', id)).toHaveLength(0);
    await setNow('2027-01-01T13:00:00Z');
    await pay(id).expect(201);
    await setNow('2027-03-12T13:00:00Z');
    const lapsed = await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' }).expect(409);
    expect(lapsed.body).toEqual({ error: { message: m.expiredPause } });
    const short = await staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'no' }).expect(400);
    expect(short.body.error.message).toBe(m.motivoLength);
    expect(await rows('membership_pauses', id)).toHaveLength(0);
  });

  test('two pauses asked at once: exactly one is open', async () => {
    const id = await newClient();
    await pay(id).expect(201);
    const results = await Promise.all(
      [1, 2].map(() => staff.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rows('membership_pauses', id)).toHaveLength(1);
  });
});

describe('states at the day boundary in Tucumán', () => {
  test('paid until 12/03: por vencer through 23:59 of that day in Tucumán, vencida at 00:00', async () => {
    await setNow('2027-02-12T13:00:00Z');
    const id = await newClient();
    await pay(id).expect(201);
    await setNow('2027-03-05T02:59:00Z');
    expect((await detail(id)).membership!.state).toBe('activa');
    await setNow('2027-03-05T03:00:00Z');
    expect((await detail(id)).membership!.state).toBe('por vencer');
    await setNow('2027-03-13T02:59:59Z');
    expect((await detail(id)).membership!.state).toBe('por vencer');
    await setNow('2027-03-13T03:00:00Z');
    expect((await detail(id)).membership!.state).toBe('vencida');
  });
});

describe('apto físico', () => {
  test('valid a year by default; a date in the future is 400; another due date can be named', async () => {
    const id = await newClient();
    const res = await staff.put(`/v1/memberships/${id}/apto`).send({ fecha: '2026-03-12' }).expect(200);
    expect(res.body.membership).toMatchObject({ aptoFecha: '2026-03-12', aptoVence: '2027-03-12', aptoValido: true });
    await setNow('2027-03-13T03:00:00Z');
    expect((await detail(id)).membership!.aptoValido).toBe(false);
    const future = await staff.put(`/v1/memberships/${id}/apto`).send({ fecha: '2027-03-14' }).expect(400);
    expect(future.body.error).toEqual({ message: m.fechaFuture, fields: { fecha: m.fechaFuture } });
    const named = await staff
      .put(`/v1/memberships/${id}/apto`)
      .send({ fecha: '2027-03-13', vence: '2027-09-13' })
      .expect(200);
    expect(named.body.membership).toMatchObject({ aptoVence: '2027-09-13', aptoValido: true });
  });

  test('a due date more than two years after the date is 400 and changes nothing; exactly two years is fine', async () => {
    const id = await newClient();
    await staff.put(`/v1/memberships/${id}/apto`).send({ fecha: '2027-01-10' }).expect(200);
    for (const vence of ['9999-12-31', '2029-01-11']) {
      const res = await staff.put(`/v1/memberships/${id}/apto`).send({ fecha: '2027-01-10', vence }).expect(400);
      expect(res.body.error).toEqual({ message: m.venceTooFar, fields: { vence: m.venceTooFar } });
    }
    expect((await detail(id)).membership).toMatchObject({ aptoFecha: '2027-01-10', aptoVence: '2028-01-10' });
    const longest = await staff
      .put(`/v1/memberships/${id}/apto`)
      .send({ fecha: '2027-01-10', vence: '2029-01-10' })
      .expect(200);
    expect(longest.body.membership).toMatchObject({ aptoVence: '2029-01-10' });
  });
});

describe('what other modules read (membershipReads, clientReads)', () => {
  test('a membership as it stands on a day, and none for a client who never paid', async () => {
    const id = await newClient();
    const reads = membershipReads(t.db);
    expect(await reads.onDay(id, '2027-03-12')).toBeNull();
    await pay(id).expect(201);
    expect(await reads.onDay(id, '2027-03-12')).toMatchObject({
      idUsuario: id,
      paidUntil: '2027-04-12',
      state: 'activa',
      pausedSince: null,
      aptoValido: false,
    });
    expect((await reads.onDay(id, '2027-04-13'))?.state).toBe('vencida');
  });

  test('client names by code in one call, archived ones too; an unknown code is left out', async () => {
    const id = await newClient();
    const names = await clientReads(t.db).names([id, id, 'no-existe']);
    expect([...names]).toEqual([[id, `Socio ${n}`]]);
  });
});
