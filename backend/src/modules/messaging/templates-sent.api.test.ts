import { startFakeWhatsapp, type FakeWhatsapp } from '../../../../scripts/fake-whatsapp/server';
import { debitMessages as dm } from '@gym/contracts/debits';
import { formatMoney } from '@gym/contracts/format-money';
import { centavos } from '@gym/contracts/money';
import { addDays, formatDate, tucumanDayStart, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import type { ClassSession } from '@gym/contracts/classes';
import { retentionMessages as rm } from '@gym/contracts/retention';
import { roleMessages } from '@gym/contracts/roles';
import { backgroundJobs, runJobOnce, type JobContext } from '../../jobs';
import { createLogger } from '../../logger';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { eventually } from '../../test/test-app';
import { signedInAs } from '../../test/role-agents';
import { whatsappJob } from './messaging.job';

// Issue 46, item 1 (and 4's win-back): the templates the modules send by themselves, each to a member
// who opted in only, once per its key: apto_por_vencer (the daily reminders), clase_de_manana (the
// evening job of the classes), pago_rechazado (a rejected automatic debit) and socio_te_extranamos
// (the desk, from "Socios en riesgo").

const SECRET = 'secreto-de-plantillas';
const logger = createLogger({ level: 'silent', pretty: false });
const sent: OutgoingMail[] = [];
const push = async (mail: OutgoingMail) => void sent.push(mail);
let fake: FakeWhatsapp;
let t: PaymentsTestApp;
let staff: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;
let nextPhone = 3816200000;

beforeAll(async () => {
  fake = await startFakeWhatsapp({ appSecret: SECRET, statusMode: 'none', rateLimitPerSecond: 1000 });
  t = await createPaymentsTestApp({
    mailer: { send: push },
    env: {
      WHATSAPP_TOKEN: fake.token,
      WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verificacion',
      WHATSAPP_API_URL: fake.apiUrl,
      WHATSAPP_RATE_PER_SECOND: '1000',
    },
  });
  staff = await t.staffAgent();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const jobContext = (now: Date = new Date()): JobContext => ({
  db: t.db,
  logger,
  clock: { now: () => now },
  config: t.config,
  mailer: { send: push },
});
const job = (name: string) => backgroundJobs.find((j) => j.name === name)!;
const sendWhatsapp = () => runJobOnce(whatsappJob, jobContext(), { force: true });
const outbox = (ids: readonly string[]) =>
  t.db('message_outbox').whereIn('id_usuario', ids).orderBy('created_at').select('*');
const today = () => tucumanToday(new Date());

/** Clients with a mobile of their own each; the first `optedIn` of them opted in at the desk. */
async function members(prefix: string, count: number, optedIn: number) {
  const ids = await eligibleClients(t, prefix, count);
  for (const [i, id] of ids.entries()) {
    await t.db('clients').where({ id_usuario: id }).update({ celular: nextPhone++ });
    if (i < optedIn) await staff.put(`/v1/clientes/${id}/whatsapp`).send({ acepta: true }).expect(200);
  }
  return ids;
}

describe('apto_por_vencer, from the daily reminders job', () => {
  test('an opted-in paid-up member whose apto ends within a week is told once per apto date; nobody else', async () => {
    const [told, notAsked, later, lapsed] = await members('wa-apto', 4, 1);
    for (const id of [later, lapsed]) await staff.put(`/v1/clientes/${id}/whatsapp`).send({ acepta: true }).expect(200);
    const ends = addDays(today(), 5);
    await t.db('memberships').whereIn('id_usuario', [told!, notAsked!, lapsed!]).update({ apto_vence: ends });
    // Not paid any more: told of the cuota, not of the apto.
    await t
      .db('memberships')
      .where({ id_usuario: lapsed })
      .update({ paid_until: addDays(today(), -10) });
    await t
      .db('memberships')
      .where({ id_usuario: later })
      .update({ apto_vence: addDays(today(), 8) });

    const first = await runJobOnce(job('recordatorios-de-vencimiento'), jobContext(), { force: true });
    expect(first.result).toMatchObject({ aptoPorVencer: 1 });
    const rows = await outbox([told!, notAsked!, later!, lapsed!]);
    expect(rows).toEqual([
      expect.objectContaining({
        id_usuario: told,
        template: 'apto_por_vencer',
        params: ['Socio', formatDate(ends)],
        idempotency_key: `apto_por_vencer:${told}:${ends}`,
        status: 'queued',
      }),
    ]);
    // The next day's run queues nothing new for the same apto.
    const again = await runJobOnce(job('recordatorios-de-vencimiento'), jobContext(), { force: true });
    expect(again.result).not.toHaveProperty('aptoPorVencer');
    expect(await outbox([told!, notAsked!, later!, lapsed!])).toHaveLength(1);

    await sendWhatsapp();
    expect(fake.sent().find((m) => m.to === rows[0].to_number)?.text).toBe(
      `Hola Socio, tu apto médico vence el ${formatDate(ends)}. Traé el nuevo a recepción para seguir entrenando sin interrupciones.`,
    );
  });
});

describe('clase_de_manana, from the evening job of the classes', () => {
  test('each booked place of tomorrow, for an opted-in member, once per booking; from 18:00', async () => {
    const [booked, notAsked] = await members('wa-clase', 2, 1);
    // The first day ahead with classes; the job runs the evening before it.
    const { sesiones } = (await staff.get('/v1/clases/sesiones?dias=7').expect(200)).body as {
      sesiones: ClassSession[];
    };
    const day = sesiones.map((s) => s.day).find((d) => d > today()) as IsoDate;
    const [first, second] = sesiones.filter((s) => s.day === day && s.status === 'programada');
    const place = (session: ClassSession, idUsuario: string, status = 'reservada') => ({
      session_id: session.id,
      id_usuario: idUsuario,
      status,
      booked_by: 'recepcion',
      created_at: new Date(),
      ...(status === 'cancelada' && { cancelled_at: new Date() }),
    });
    const rows = [place(first!, booked!), place(first!, notAsked!)];
    if (second) rows.push(place(second, booked!, 'cancelada'));
    const [bookingId] = (await t.db('class_bookings').insert(rows, ['id'])).map((r: { id: string }) => r.id);

    const eveBefore = tucumanDayStart(addDays(day, -1)).getTime();
    const afternoon = await runJobOnce(job('clase-de-manana'), jobContext(new Date(eveBefore + 17 * 3_600_000)), {
      force: true,
    });
    expect(afternoon.result).toEqual({ omitido: 'antes de las 18' });
    expect(await outbox([booked!, notAsked!])).toEqual([]);

    const evening = jobContext(new Date(eveBefore + 19 * 3_600_000));
    const run = await runJobOnce(job('clase-de-manana'), evening, { force: true });
    expect(run.result).toMatchObject({ manana: day, encolados: 1 });
    const queued = await outbox([booked!, notAsked!]);
    expect(queued).toEqual([
      expect.objectContaining({
        id_usuario: booked,
        template: 'clase_de_manana',
        params: ['Socio', first!.discipline === 'boxeo' ? 'Boxeo' : 'Yoga', first!.starts],
        idempotency_key: `clase_de_manana:${bookingId}`,
      }),
    ]);
    expect(first!.starts).toMatch(/^\d\d:\d\d$/);
    // An hour later it runs again: nothing doubles.
    expect((await runJobOnce(job('clase-de-manana'), evening, { force: true })).result).toMatchObject({
      encolados: 0,
    });
    expect(await outbox([booked!, notAsked!])).toHaveLength(1);
  });
});

describe('pago_rechazado, from a rejected automatic debit', () => {
  /** A member signed in to the portal who started the debit and authorised it at the provider. */
  async function authorised(id: string) {
    const agent = await memberAgent(t, staff, sent, id);
    const start = await agent.post('/v1/socio/debito').expect(201);
    const preapprovalId = new URL(start.body.initPoint).searchParams.get('preapproval_id')!;
    await t.fake.subscriptions.authorize(preapprovalId);
    return { preapprovalId, debitId: start.body.debito.id as string };
  }
  /** The member's rejection mails, once the dispatcher sent one (it sends after the webhook's answer). */
  const mailsTo = (id: string) =>
    eventually(
      async () => sent.filter((m) => m.to.address === `${id}@correo.com` && m.subject === dm.rejectedSubject),
      (mails) => mails.length > 0,
    );

  test('an opted-in member gets the template once per charge beside the e-mail; one who did not, the e-mail', async () => {
    const [optedIn, notAsked] = await members('wa-debito', 2, 1);
    const plan = await t.db('plans').where({ id_plan: 1 }).first('nombre_plan', 'cuota_mensual_centavos');
    const subs = t.fake.subscriptions;

    const mine = await authorised(optedIn!);
    const charge = await subs.cycle(mine.preapprovalId, { outcome: 'rejected' });
    await subs.retry(charge.id, { outcome: 'rejected' });
    await subs.send([{ type: 'subscription_authorized_payment', id: charge.id }], { times: 2 });
    const [row] = await t.db('debit_charges').where({ debit_id: mine.debitId }).select('id', 'period');
    const [year, month] = (row.period as string).split('-');
    expect(await outbox([optedIn!])).toEqual([
      expect.objectContaining({
        template: 'pago_rechazado',
        params: [
          'Socio',
          formatMoney(centavos(Number(plan.cuota_mensual_centavos))).replace(/\s/g, ' '),
          `tu cuota de ${plan.nombre_plan} (${month}/${year})`,
        ],
        idempotency_key: `pago_rechazado:${row.id}`,
      }),
    ]);
    // The e-mail still goes: it carries the link to pay another way (once, however many notifications).
    expect(await mailsTo(optedIn!)).toHaveLength(1);

    const theirs = await authorised(notAsked!);
    await subs.cycle(theirs.preapprovalId, { outcome: 'rejected' });
    expect(await mailsTo(notAsked!)).toHaveLength(1);
    expect(await outbox([notAsked!])).toEqual([]);

    await sendWhatsapp();
    const [queued] = await outbox([optedIn!]);
    expect(fake.sent().find((m) => m.to === queued.to_number)?.text).toBe(
      `Hola Socio, no pudimos cobrar ${queued.params[1]} de tu cuota de ${plan.nombre_plan} (${month}/${year}): el pago fue rechazado. Revisá tu medio de pago o pagá en recepción.`,
    );
  });
});

describe('socio_te_extranamos, from "Socios en riesgo"', () => {
  const send = (id: string) => staff.post(`/v1/socios-en-riesgo/${id}/te-extranamos`);

  test('the desk sends it to a member away who opted in: queued once a month, audited; else why not', async () => {
    const [away, awayNotAsked, coming] = await members('wa-extranamos', 3, 3);
    await staff.put(`/v1/clientes/${awayNotAsked}/whatsapp`).send({ acepta: false }).expect(200);
    // Members for 120 days who never came; the third joined ten days ago.
    await t
      .db('memberships')
      .whereIn('id_usuario', [away!, awayNotAsked!])
      .update({ start_date: addDays(today(), -120) });

    const ok = await send(away!).expect(200);
    expect(ok.body).toEqual({ message: rm.winBackQueued('Socio 1') });
    const month = today().slice(0, 7);
    const [queued] = await outbox([away!]);
    expect(queued).toMatchObject({
      template: 'socio_te_extranamos',
      params: ['Socio', '120'],
      idempotency_key: `socio_te_extranamos:${away}:${month}`,
    });
    const audit = await t.db('audit_log').where({ entity: 'whatsapp', action: 'te_extranamos', entity_id: away });
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ idUsuario: away, dias: 120, plantilla: 'socio_te_extranamos' });

    const coach = (await signedInAs(t, 'entrenador')).agent;
    const auditRows = async () => Number((await t.db('audit_log').count({ n: '*' }))[0]!.n);
    const before = await auditRows();
    expect((await send(away!).expect(409)).body).toEqual({ error: { message: rm.winBackAlreadySent } });
    expect((await send(awayNotAsked!).expect(409)).body).toEqual({ error: { message: rm.winBackNoConsent } });
    expect((await send(coming!).expect(409)).body).toEqual({ error: { message: rm.winBackNotAway(14) } });
    expect((await send('no-existe').expect(404)).body).toEqual({ error: { message: rm.clientNotFound } });
    expect((await coach.post(`/v1/socios-en-riesgo/${away}/te-extranamos`).expect(403)).body).toEqual({
      error: { message: roleMessages.forbidden },
    });
    expect(await outbox([away!, awayNotAsked!, coming!])).toHaveLength(1);
    expect(await auditRows()).toBe(before);

    await sendWhatsapp();
    expect(fake.sent().find((m) => m.to === queued.to_number)?.text).toBe(
      'Hola Socio, hace 120 días que no te vemos por el gimnasio. ¡Te extrañamos! Respondé a este mensaje y te ayudamos a volver. Respondé BAJA para no recibir más mensajes.',
    );
  });
});
