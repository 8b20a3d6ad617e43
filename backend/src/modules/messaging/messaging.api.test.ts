import { WHATSAPP_TEMPLATES as FAKE_TEMPLATES } from '../../../../scripts/fake-whatsapp/templates';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../../../scripts/fake-whatsapp/server';
import { formatMoney } from '@gym/contracts/format-money';
import { memberMessages } from '@gym/contracts/members';
import { membershipMessages } from '@gym/contracts/memberships';
import { centavos } from '@gym/contracts/money';
import { WHATSAPP_TEMPLATES, whatsappMessages as wm, type WhatsappTemplate } from '@gym/contracts/whatsapp';
import request from 'supertest';
import { runJobOnce } from '../../jobs/jobs';
import { createLogger } from '../../logger';
import { mailDispatcherIdle } from '../../shared/mail-retry';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createTestApp, eventually, manualClock, type TestApp } from '../../test/test-app';
import { backgroundJobs } from '../../jobs';
import { messagingServiceFor } from '.';
import { whatsappJob } from './messaging.job';

// Issue 46, items 1–3: the WhatsApp Cloud API outbox, its signed webhook and the members' consent,
// against the local fake (scripts/fake-whatsapp), whose webhook POSTs go into this app.

const VERIFY = 'verificacion-de-prueba';
const SECRET = 'secreto-de-la-app-de-prueba';
const logger = createLogger({ level: 'silent', pretty: false });
/** Ahead of the real date, so cookies stay alive; the tests move it for the backoff. */
const clock = manualClock(new Date(Date.now() + 60_000));

const sent: OutgoingMail[] = [];
let fake: FakeWhatsapp;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
let nextPhone = 3816100000;

beforeAll(async () => {
  fake = await startFakeWhatsapp({ appSecret: SECRET, statusMode: 'none', rateLimitPerSecond: 1000 });
  t = await createTestApp({
    clock,
    mailer: { send: async (mail) => void sent.push(mail) },
    env: {
      WHATSAPP_TOKEN: fake.token,
      WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY,
      WHATSAPP_API_URL: fake.apiUrl,
      WHATSAPP_RATE_PER_SECOND: '1000',
    },
  });
  // Meta's POSTs reach the app as they would: the raw bytes and Meta's headers.
  fake.setTransport(async ({ body, headers }) => (await post(body.toString('utf8'), headers)).status);
  staff = await t.staffAgent();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A POST of exactly these bytes (a string: supertest would re-serialise a Buffer as JSON). */
const post = (body: string, headers: Record<string, string> = {}) =>
  request(t.app).post('/v1/whatsapp/webhook').set('content-type', 'application/json').set(headers).send(body);
const messaging = () => messagingServiceFor({ db: t.db, clock, logger, config: t.config, mailer: { send: push } });
const push = async (mail: OutgoingMail) => void sent.push(mail);
const sendJob = () =>
  runJobOnce(whatsappJob, { db: t.db, logger, clock, config: t.config, mailer: { send: push } }, { force: true });
const row = (id: string) => t.db('message_outbox').where({ id }).first();
const eventsOf = (wamid: string) => t.db('message_status_events').where({ wamid }).orderBy('status').pluck('status');
const tables = async () =>
  Object.fromEntries(
    await Promise.all(
      ['message_outbox', 'message_status_events', 'whatsapp_consents', 'audit_log'].map(
        async (name) => [name, Number((await t.db(name).count({ n: '*' }))[0]!.n)] as const,
      ),
    ),
  );

/** Clients with a mobile of their own each (so a reply names one), opted in at the desk unless told. */
async function members(prefix: string, count = 1, { optIn = true } = {}) {
  const ids = await eligibleClients(t, prefix, count);
  const phones: string[] = [];
  for (const id of ids) {
    const celular = nextPhone++;
    await t.db('clients').where({ id_usuario: id }).update({ celular });
    phones.push(`549${celular}`);
    if (optIn) await staff.put(`/v1/clientes/${id}/whatsapp`).send({ acepta: true }).expect(200);
  }
  return { ids, phones };
}

async function queueOne(id: string, template: WhatsappTemplate = 'cuota_vencida', key = `${template}:${id}:x`) {
  const outcome = await messaging().queueWhatsapp({
    clientId: id,
    template,
    params: ['Ana', 'Musculación', '14/03/2027'],
    key,
  });
  if (!outcome.queued) throw new Error(`not queued: ${outcome.reason}`);
  return outcome.id;
}

test('the templates registered by the fake are the ones the gym sends, with as many parameters', () => {
  const ours = Object.entries(WHATSAPP_TEMPLATES).map(([name, t]) => ({ name, n: t.params.length, body: t.body }));
  expect(ours).toEqual(FAKE_TEMPLATES.map((t) => ({ name: t.name, n: t.parameters.length, body: t.body })));
});

describe('the webhook', () => {
  test("Meta's verification handshake answers the challenge only with the verify token", async () => {
    const ok = await request(t.app)
      .get('/v1/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1158201444' })
      .expect(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const bad = await request(t.app)
      .get('/v1/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'otro', 'hub.challenge': '1' })
      .expect(403);
    expect(bad.body).toEqual({ error: { message: wm.verifyFailed } });
  });

  test('an unsigned or forged POST is refused with 401 in Spanish and changes nothing', async () => {
    const { ids, phones } = await members('wa-firma');
    const id = await queueOne(ids[0]!);
    await sendJob();
    const { wamid } = await row(id);
    const before = await tables();
    const body = fake.webhookBody({
      statuses: [{ id: wamid, status: 'read', timestamp: '1764201600', recipient_id: phones[0] }],
      messages: [{ from: phones[0], id: 'wamid.in1', timestamp: '1764201600', type: 'text', text: { body: 'BAJA' } }],
    });
    const unsigned = await request(t.app)
      .post('/v1/whatsapp/webhook')
      .set('content-type', 'application/json')
      .send(body)
      .expect(401);
    expect(unsigned.body).toEqual({ error: { message: wm.unsigned } });
    const forged = await request(t.app)
      .post('/v1/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', `sha256=${'0'.repeat(64)}`)
      .send(body)
      .expect(401);
    expect(forged.body).toEqual({ error: { message: wm.forged } });
    expect(await fake.postWebhook(body, { forge: true })).toBe(401);
    expect(await fake.postWebhook(body, { unsigned: true })).toBe(401);
    expect(await tables()).toEqual(before);
    expect((await row(id)).status).toBe('sent');
    expect((await messaging().memberConsent(ids[0]!)).acepta).toBe(true);
  });

  test('"Ñandú 💪" signed over its raw bytes is accepted; the same JSON re-serialised is refused', async () => {
    const { phones } = await members('wa-bytes');
    const body = fake.webhookBody({
      messages: [
        { from: phones[0], id: 'wamid.nandu', timestamp: '1764201600', type: 'text', text: { body: 'Ñandú 💪' } },
      ],
    });
    // Meta escapes non-ASCII: the bytes differ from what JSON.stringify writes of the same value.
    expect(body).toContain('\\u00d1and\\u00fa \\ud83d\\udcaa');
    const signature = fake.sign(body);
    const res = await request(t.app)
      .post('/v1/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signature)
      .send(body)
      .expect(200);
    expect(res.body).toEqual({ ok: true, statuses: 0, optOuts: 0 });
    const reserialised = JSON.stringify(JSON.parse(body));
    expect(reserialised).toContain('Ñandú 💪');
    const refused = await request(t.app)
      .post('/v1/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signature)
      .send(reserialised)
      .expect(401);
    expect(refused.body).toEqual({ error: { message: wm.forged } });
  });

  test('statuses late, out of order and duplicated end in the furthest one, each event applied once', async () => {
    const { ids } = await members('wa-orden');
    const id = await queueOne(ids[0]!);
    expect(await sendJob()).toMatchObject({ ran: true, result: { sent: 1, retried: 0, failed: 0 } });
    const { wamid, status } = await row(id);
    expect(status).toBe('sent');
    expect(await fake.emitStatus(wamid, 'read', { timestamp: 1900000300 })).toEqual([200]);
    expect(await fake.emitStatus(wamid, 'delivered', { times: 2, timestamp: 1900000200 })).toEqual([200, 200]);
    expect(await fake.emitStatus(wamid, 'sent', { times: 2, timestamp: 1900000100 })).toEqual([200, 200]);
    // A failure after it was read does not undo it.
    expect(await fake.emitStatus(wamid, 'failed', { timestamp: 1900000400 })).toEqual([200]);
    expect(await fake.emitStatus(wamid, 'read', { times: 2, timestamp: 1900000500 })).toEqual([200, 200]);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'read', fallback: null, failed_at: null, last_error: null });
    expect(new Date(after.delivered_at).toISOString()).toBe(new Date(1900000200_000).toISOString());
    expect(new Date(after.read_at).toISOString()).toBe(new Date(1900000300_000).toISOString());
    expect(await eventsOf(wamid)).toEqual(['delivered', 'failed', 'read', 'sent']);
    const list = await staff.get(`/v1/clientes/${ids[0]}/mensajes`).expect(200);
    expect(list.body.mensajes).toEqual([
      expect.objectContaining({
        id,
        canal: 'whatsapp',
        plantilla: 'cuota_vencida',
        estado: 'read',
        respaldo: null,
        deliveredAt: new Date(1900000200_000).toISOString(),
        readAt: new Date(1900000300_000).toISOString(),
      }),
    ]);
  });

  test('an unknown wamid is answered 200 and changes no message', async () => {
    const before = await t.db('message_outbox').where({ channel: 'whatsapp' }).select('id', 'status').orderBy('id');
    const body = fake.webhookBody({
      statuses: [
        { id: 'wamid.desconocido', status: 'delivered', timestamp: '1764201600', recipient_id: '5493815123401' },
      ],
    });
    expect(await fake.postWebhook(body)).toBe(200);
    expect(await t.db('message_outbox').where({ channel: 'whatsapp' }).select('id', 'status').orderBy('id')).toEqual(
      before,
    );
  });

  test('"failed" (not on WhatsApp) after sent: failed, and the member gets it by e-mail', async () => {
    const { ids } = await members('wa-cae');
    const id = await queueOne(ids[0]!);
    await sendJob();
    const { wamid } = await row(id);
    const mails = sent.length;
    const errors = [{ code: 131026, title: 'Message undeliverable' }];
    expect(await fake.emitStatus(wamid, 'failed', { errors, times: 2 })).toEqual([200, 200]);
    expect(await fake.emitStatus(wamid, 'delivered')).toEqual([200]);
    expect(await row(id)).toMatchObject({ status: 'failed', fallback: 'email', last_error: wm.undeliverable });
    await eventually(
      async () => sent.slice(mails),
      (fallback) => fallback.length > 0,
    );
    expect(sent.slice(mails)).toEqual([
      expect.objectContaining({
        to: { name: 'Socio 1', address: `${ids[0]}@correo.com` },
        subject: wm.fallbackSubject,
        text: expect.stringContaining(
          'Hola Ana, tu cuota de Musculación venció el 14/03/2027. Regularizala en recepción',
        ),
      }),
    ]);
  });
});

describe('consent', () => {
  test('"BAJA" (or "stop", accents and spaces aside) opts the member out: nothing is queued after', async () => {
    const { ids, phones } = await members('wa-baja', 2);
    const reply = await fake.sendInbound(phones[0]!, '  Bajá ');
    expect(reply.httpStatus).toBe(200);
    expect((await fake.sendInbound(phones[1]!, 'STOP')).httpStatus).toBe(200);
    for (const id of ids) {
      expect(await staff.get(`/v1/clientes/${id}/whatsapp`).expect(200)).toHaveProperty(
        'body',
        expect.objectContaining({ acepta: false, origen: 'reply', registradoPor: null, configurado: true }),
      );
      expect(
        await messaging().queueWhatsapp({ clientId: id, template: 'cuota_vencida', params: ['a', 'b', 'c'], key: id }),
      ).toEqual({ queued: false, reason: 'sin-consentimiento' });
    }
    expect(await t.db('message_outbox').whereIn('id_usuario', ids).count({ n: '*' })).toEqual([{ n: 0 }]);
    const audit = await t.db('audit_log').where({ entity: 'whatsapp', entity_id: ids[0] }).orderBy('id');
    expect(audit.map((a) => [a.actor_id === null, a.after.origen, a.after.acepta])).toEqual([
      [false, 'desk', true],
      [true, 'reply', false],
    ]);
    // Any other text opts nobody out.
    const { ids: other, phones: otherPhones } = await members('wa-hola');
    expect((await fake.sendInbound(otherPhones[0]!, 'Hola, ¿a qué hora abren?')).httpStatus).toBe(200);
    expect((await messaging().memberConsent(other[0]!)).acepta).toBe(true);
  });

  test('the desk records a consent given in person, with who and when; a bad body is 400 and changes nothing', async () => {
    const { ids } = await members('wa-desk', 1, { optIn: false });
    const before = await staff.get(`/v1/clientes/${ids[0]}/whatsapp`).expect(200);
    expect(before.body).toEqual({ acepta: null, origen: null, registradoPor: null, at: null, configurado: true });
    const counts = await tables();
    for (const body of [{}, { acepta: 'si' }, { acepta: 1 }]) {
      const res = await staff.put(`/v1/clientes/${ids[0]}/whatsapp`).send(body).expect(400);
      expect(res.body.error.message).toBe(wm.aceptaRequired);
    }
    expect(await tables()).toEqual(counts);
    const res = await staff.put(`/v1/clientes/${ids[0]}/whatsapp`).send({ acepta: true }).expect(200);
    const account = await t.db('accounts').where({ email: t.config.admin.email }).first('id');
    expect(res.body).toEqual({
      acepta: true,
      origen: 'desk',
      registradoPor: account.id,
      at: clock.now().toISOString(),
      configurado: true,
    });
    await staff.put('/v1/clientes/no-existe/whatsapp').send({ acepta: true }).expect(404);
  });

  test('the member gives or withdraws consent in the portal', async () => {
    const { ids } = await members('wa-portal', 1, { optIn: false });
    const agent = await memberAgent(t, staff, sent, ids[0]!);
    expect((await agent.get('/v1/socio/whatsapp').expect(200)).body.acepta).toBeNull();
    expect((await agent.put('/v1/socio/whatsapp').send({ acepta: true }).expect(200)).body).toMatchObject({
      acepta: true,
      origen: 'portal',
    });
    const queued = await messaging().queueWhatsapp({
      clientId: ids[0]!,
      template: 'cuota_vencida',
      params: ['a', 'b', 'c'],
      key: `portal:${ids[0]}`,
    });
    expect(queued).toMatchObject({ queued: true });
    await agent.put('/v1/socio/whatsapp').send({ acepta: false }).expect(200);
    expect(
      await messaging().queueWhatsapp({ clientId: ids[0]!, template: 'cuota_vencida', params: [], key: 'otra' }),
    ).toEqual({ queued: false, reason: 'sin-consentimiento' });
    const audit = await t.db('audit_log').where({ entity: 'whatsapp', entity_id: ids[0] }).orderBy('id');
    expect(audit.map((a) => a.actor_member)).toEqual([ids[0], ids[0]]);
    expect((await request(t.app).get('/v1/socio/whatsapp').expect(401)).body).toEqual({
      error: { message: memberMessages.sessionRequired },
    });
  });
});

describe('the outbox and its job', () => {
  test('queued twice with the same key is one row, sent once', async () => {
    const { ids } = await members('wa-idem');
    const key = `cuota_vencida:${ids[0]}:2027-03`;
    const first = await messaging().queueWhatsapp({
      clientId: ids[0]!,
      template: 'cuota_vencida',
      params: ['a', 'b', 'c'],
      key,
    });
    const again = await messaging().queueWhatsapp({
      clientId: ids[0]!,
      template: 'cuota_vencida',
      params: ['a', 'b', 'c'],
      key,
    });
    expect(first).toMatchObject({ queued: true, duplicate: false });
    expect(again).toMatchObject({ queued: true, duplicate: true });
    expect(await t.db('message_outbox').where({ idempotency_key: key }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const before = fake.sent().length;
    await sendJob();
    await sendJob();
    expect(
      fake
        .sent()
        .slice(before)
        .filter((m) => m.params[0] === 'a'),
    ).toHaveLength(1);
  });

  test('an unknown template (132001) fails for good naming it, listed for the desk', async () => {
    const { ids } = await members('wa-plantilla');
    const outcome = await messaging().queueWhatsapp({
      clientId: ids[0]!,
      template: 'promo_de_verano' as WhatsappTemplate,
      params: ['Ana'],
      key: `promo:${ids[0]}`,
    });
    expect(outcome).toMatchObject({ queued: true });
    await sendJob();
    const failed = await t.db('message_outbox').where({ id_usuario: ids[0] }).first();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain(wm.unknownTemplate('promo_de_verano'));
    const list = await staff.get('/v1/whatsapp/mensajes?fallidos=true').expect(200);
    expect(list.body.configurado).toBe(true);
    expect(list.body.mensajes).toContainEqual(
      expect.objectContaining({
        idUsuario: ids[0],
        nombre: 'Socio 1',
        plantilla: 'promo_de_verano',
        estado: 'failed',
        error: expect.stringContaining('«promo_de_verano»'),
      }),
    );
    expect(list.body.mensajes.every((m: { estado: string }) => m.estado === 'failed')).toBe(true);
    expect((await staff.get('/v1/whatsapp/mensajes?limite=0').expect(400)).body.error.message).toBe(wm.badLimit);
  });

  test('a number not on WhatsApp refused at once (131026): failed, and the e-mail goes instead', async () => {
    const { ids, phones } = await members('wa-sin');
    fake.setOptions({ undeliverable: [phones[0]!], undeliverableMode: 'error' });
    try {
      const id = await queueOne(ids[0]!);
      const mails = sent.length;
      await sendJob();
      expect(await row(id)).toMatchObject({ status: 'failed', fallback: 'email', last_error: wm.undeliverable });
      // The fallback is a mail of the outbox: it goes a moment after.
      await eventually(
        async () => sent.slice(mails),
        (fallback) => fallback.length > 0,
      );
      expect(sent.slice(mails)).toEqual([
        expect.objectContaining({ to: { name: 'Socio 1', address: `${ids[0]}@correo.com` } }),
      ]);
    } finally {
      fake.setOptions({ undeliverable: [], undeliverableMode: 'webhook' });
    }
  });

  test('over the rate limit (130429) a message waits with backoff, then goes', async () => {
    const { ids } = await members('wa-ritmo', 3);
    fake.setNow(Date.parse('2027-01-01T10:00:00Z'));
    fake.setOptions({ rateLimitPerSecond: 1 });
    try {
      const queued = [];
      for (const id of ids) queued.push(await queueOne(id));
      expect(await sendJob()).toMatchObject({ result: { sent: 1, retried: 2, failed: 0 } });
      const waiting = await t.db('message_outbox').whereIn('id', queued).where({ status: 'queued' });
      expect(waiting).toHaveLength(2);
      for (const w of waiting) {
        expect(w.last_error).toBe(wm.rateLimited);
        expect(new Date(w.next_attempt_at).getTime()).toBe(clock.now().getTime() + 30_000);
      }
      // Not due yet: nothing is tried.
      expect(await sendJob()).toMatchObject({ result: { sent: 0, retried: 0, failed: 0 } });
      clock.advanceMinutes(1);
      fake.setOptions({ rateLimitPerSecond: 1000 });
      expect(await sendJob()).toMatchObject({ result: { sent: 2, retried: 0, failed: 0 } });
      expect(await t.db('message_outbox').whereIn('id', queued).pluck('status')).toEqual(['sent', 'sent', 'sent']);
    } finally {
      fake.setNow(null);
      fake.setOptions({ rateLimitPerSecond: 1000 });
    }
  });

  test('the reminders job queues cuota_por_vencer for an opted-in member, and e-mails the one who did not', async () => {
    const { ids } = await members('wa-recordar', 2);
    await staff.put(`/v1/clientes/${ids[1]}/whatsapp`).send({ acepta: false }).expect(200);
    const today = clock.now();
    const inTwoDays = new Date(today.getTime() + 2 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    // Only these two are due: the other tests' members are paid a month ahead.
    await t.db('memberships').whereIn('id_usuario', ids).update({ paid_until: inTwoDays });
    const plan = await t.db('plans').where({ id_plan: 1 }).first('nombre_plan');
    const mails = sent.length;
    const mailer = { send: push };
    const run = await runJobOnce(
      backgroundJobs.find((job) => job.name === 'recordatorios-de-vencimiento')!,
      { db: t.db, logger, clock, config: t.config, mailer },
      { force: true },
    );
    // The seed's members due these days are e-mailed too (queued in the outbox, sent a moment
    // later); of these two, one by WhatsApp.
    expect(run.result).toMatchObject({ whatsapp: 1 });
    await mailDispatcherIdle({ db: t.db, mailer, logger, clock });
    const [queued] = await t.db('message_outbox').where({ id_usuario: ids[0] });
    const vence = inTwoDays.split('-').reverse().join('/');
    expect(queued).toMatchObject({
      template: 'cuota_por_vencer',
      idempotency_key: `cuota_por_vencer:${ids[0]}:${inTwoDays}`,
      status: 'queued',
    });
    expect(queued.params.slice(0, 3)).toEqual(['Socio 1', plan.nombre_plan, vence]);
    expect(queued.params[3]).toMatch(/^\$\s?[\d.]+(,\d\d)?$/);
    const mailed = sent.slice(mails).map((m) => m.to.address);
    expect(mailed).toContain(`${ids[1]}@correo.com`);
    expect(mailed).not.toContain(`${ids[0]}@correo.com`);
    await sendJob();
    const message = fake.sent().find((m) => m.to === queued.to_number && m.template === 'cuota_por_vencer');
    expect(message?.text).toBe(
      `Hola Socio 1, tu cuota de ${plan.nombre_plan} vence el ${vence}. El importe es ${queued.params[3]}. Podés pagarla en recepción o desde tu portal de socio.`,
    );
  });

  test('the desk sends a receipt by WhatsApp: recibo_listo queued once for one who opted in, a chat link otherwise', async () => {
    const { ids } = await members('wa-recibo', 2);
    const [optedIn, notYet] = ids as [string, string];
    await t.db('whatsapp_consents').where({ id_usuario: notYet }).delete();
    const pay = async (id: string) =>
      (await staff.post(`/v1/memberships/${id}/payments`).send({ method: 'efectivo', months: 1 }).expect(201)).body
        .payment as { id: string; receipt: string; amountCentavos: number };
    const payment = await pay(optedIn);
    const send = () => staff.post(`/v1/payments/${payment.id}/recibo/enviar`).send({ channel: 'whatsapp' }).expect(200);
    expect((await send()).body).toEqual({ message: membershipMessages.receiptQueued, whatsappUrl: null });
    await send();
    const queued = await t.db('message_outbox').where({ id_usuario: optedIn, template: 'recibo_listo' });
    expect(queued).toHaveLength(1);
    expect(queued[0].params).toEqual([
      'Socio',
      payment.receipt,
      formatMoney(centavos(payment.amountCentavos)).replace(/\s/g, ' '),
    ]);
    await sendJob();
    expect(fake.sent().find((m) => m.template === 'recibo_listo' && m.to === queued[0].to_number)?.text).toBe(
      `Hola Socio, tu recibo ${payment.receipt} por ${queued[0].params[2]} está listo. Lo encontrás en tu portal de socio.`,
    );

    const other = await pay(notYet);
    const link = (await staff.post(`/v1/payments/${other.id}/recibo/enviar`).send({ channel: 'whatsapp' }).expect(200))
      .body;
    expect(link.message).toBe(membershipMessages.receiptLinkReady);
    expect(link.whatsappUrl).toMatch(/^https:\/\/wa\.me\/549\d{10}\?text=/);
    expect(await t.db('message_outbox').where({ id_usuario: notYet })).toHaveLength(0);
  });

  test('without WhatsApp set up nothing is queued: the caller keeps its e-mail', async () => {
    const { ids } = await members('wa-apagado');
    const off = messagingServiceFor({
      db: t.db,
      clock,
      logger,
      config: { ...t.config, whatsapp: undefined },
      mailer: { send: push },
    });
    expect(
      await off.queueWhatsapp({ clientId: ids[0]!, template: 'cuota_vencida', params: ['a', 'b', 'c'], key: 'off' }),
    ).toEqual({ queued: false, reason: 'no-configurado' });
    expect(
      await runJobOnce(
        whatsappJob,
        { db: t.db, logger, clock, config: { ...t.config, whatsapp: undefined } },
        { force: true },
      ),
    ).toMatchObject({ result: { skipped: 'WhatsApp sin configurar' } });
  });
});
