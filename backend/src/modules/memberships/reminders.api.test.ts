import { membershipMessages as m } from '@gym/contracts/memberships';
import type { ContactMessage } from '@gym/contracts/contact';
import { runJobOnce } from '../../jobs/jobs';
import { mailRetryJob } from '../../jobs/mail-retry';
import { createLogger } from '../../logger';
import { mailDispatcherIdle } from '../../shared/mail-retry';
import type { Mailer, OutgoingMail } from '../../shared/mailer';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { testMailer } from '../../test/test-mailer';
import { membershipRemindersJob } from './reminders.job';

/** 12/03/2027 10:00 in Tucumán (ahead of the real date, so the session cookie stays alive). */
const clock = manualClock(new Date('2027-03-12T13:00:00Z'));
const SITE = 'https://gimnasio.test';
const ONLINE = `Renová online con Mercado Pago (tarjeta, débito o dinero en cuenta) desde tu cuenta: ${SITE}/socio`;
const PORTAL = `Tu plan y tus pagos, en tu cuenta: ${SITE}/socio`;

/** A gym with or without Mercado Pago, one client whose plan ends on 14/03, and the mails it sends. */
async function gym(mercadoPago: boolean, mailer?: Mailer) {
  const sent: OutgoingMail[] = [];
  const off = { MERCADOPAGO_ACCESS_TOKEN: '', MERCADOPAGO_WEBHOOK_SECRET: '' };
  const t: TestApp = await createTestApp({
    clock,
    mailer: mailer ?? { send: async (mail) => void sent.push(mail) },
    env: { SITE_URL: SITE, ...(mercadoPago ? {} : off) },
  });
  const staff = await t.staffAgent();
  await t.db('membership_payments').delete();
  await t.db('membership_pauses').delete();
  await t.db('memberships').delete();
  await staff
    .post('/v1/agregarusuario')
    .send({
      idUsuario: 'r-vence',
      nombre: 'Rita Vence',
      edad: 30,
      correo: 'rita@correo.com.ar',
      celular: 3815123499,
      plan: 1,
    })
    .expect(201);
  await t.db('memberships').insert({ id_usuario: 'r-vence', start_date: '2026-01-01', paid_until: '2027-03-14' });
  return { t, staff, sent };
}

const remind = async (staff: Awaited<ReturnType<TestApp['staffAgent']>>, channel: 'email' | 'whatsapp') =>
  (
    await staff
      .post('/v1/reminders')
      .send({ channel, ids: ['r-vence'] })
      .expect(200)
  ).body.reminders[0] as {
    status: string;
    link: string | null;
  };

describe('with Mercado Pago: reminders offer paying online, with the link to the member’s account', () => {
  let g: Awaited<ReturnType<typeof gym>>;
  beforeAll(async () => {
    g = await gym(true);
  });
  afterAll(() => g.t.close());

  test('by e-mail: the template, then the offer and the link; logged as sent', async () => {
    expect((await remind(g.staff, 'email')).status).toBe('enviado');
    const mail = g.sent.at(-1)!;
    expect(mail).toMatchObject({ to: { address: 'rita@correo.com.ar' }, subject: m.reminderSubject });
    expect(mail.text).toBe(
      'Hola Rita, tu plan BOXEO vence el 14/03. Podés renovarlo en la recepción, en efectivo, con tarjeta o por transferencia. ¡Te esperamos!\n\n' +
        `${ONLINE}\n\nGimnasio Tucumán\n`,
    );
    const detail = (await g.staff.get('/v1/memberships/r-vence').expect(200)).body;
    expect(detail.reminders[0].text).toContain(ONLINE);
  });

  test('by WhatsApp: the wa.me text carries the offer and the link', async () => {
    const { link } = await remind(g.staff, 'whatsapp');
    expect(new URL(link!).searchParams.get('text')).toBe(
      `Hola Rita, tu plan vence el 14/03. ¡Te esperamos!\n\n${ONLINE}`,
    );
  });

  test('the daily job’s e-mail says it too', async () => {
    const logger = createLogger({ level: 'silent', pretty: false });
    // Staff's e-mail above rests the client 3 days: the job reminds a client of its own.
    await g.staff
      .post('/v1/agregarusuario')
      .send({
        idUsuario: 'r-job',
        nombre: 'Raúl Job',
        edad: 30,
        correo: 'raul@correo.com.ar',
        celular: 3815123498,
        plan: 1,
      })
      .expect(201);
    await g.t.db('memberships').insert({ id_usuario: 'r-job', start_date: '2026-01-01', paid_until: '2027-03-13' });
    const mailer: Mailer = { send: async (mail) => void g.sent.push(mail) };
    const run = await runJobOnce(membershipRemindersJob, { db: g.t.db, logger, clock, mailer, config: g.t.config });
    expect(run).toMatchObject({ ran: true, result: { sent: 1 } });
    // Queued in the outbox: the dispatcher sends it a moment after the run.
    await mailDispatcherIdle({ db: g.t.db, mailer, logger, clock });
    const mail = g.sent.at(-1)!;
    expect(mail.to.address).toBe('raul@correo.com.ar');
    expect(mail.text).toContain(`¡Te esperamos!\n\n${ONLINE}\n\n`);
  });
});

describe('without Mercado Pago: the link to the account, no offer to pay online', () => {
  let g: Awaited<ReturnType<typeof gym>>;
  beforeAll(async () => {
    g = await gym(false);
  });
  afterAll(() => g.t.close());

  test('by e-mail and by WhatsApp', async () => {
    await remind(g.staff, 'email');
    const text = g.sent.at(-1)!.text;
    expect(text).toContain(`¡Te esperamos!\n\n${PORTAL}\n\nGimnasio Tucumán\n`);
    expect(text).not.toContain('Mercado Pago');
    const { link } = await remind(g.staff, 'whatsapp');
    expect(new URL(link!).searchParams.get('text')).toBe(
      `Hola Rita, tu plan vence el 14/03. ¡Te esperamos!\n\n${PORTAL}`,
    );
  });
});

describe('the daily job’s e-mail goes through the outbox: its status is the outbox’s', () => {
  const logger = createLogger({ level: 'silent', pretty: false });
  const smtp = testMailer();
  const { mailer, sent } = smtp;
  let g: Awaited<ReturnType<typeof gym>>;
  beforeAll(async () => {
    g = await gym(true, mailer);
  });
  afterAll(() => g.t.close());

  const ctx = () => ({ db: g.t.db, logger, clock, mailer, config: g.t.config });
  const runReminders = async () => {
    const run = await runJobOnce(membershipRemindersJob, ctx(), { force: true });
    await mailDispatcherIdle({ db: g.t.db, mailer, logger, clock });
    return run;
  };
  const reminderOf = async (id: string) =>
    (await g.staff.get(`/v1/memberships/${id}`).expect(200)).body.reminders[0] as {
      status: string;
      automatic: boolean;
    };
  const messageTo = async (address: string) =>
    ((await g.staff.get('/v1/messages').expect(200)).body.messages as ContactMessage[]).find(
      (msg) => msg.user_email === address,
    );

  test('SMTP down: the reminder shows en cola; the retry job sends it and it shows enviado, once', async () => {
    smtp.state = 'down';
    expect(await runReminders()).toMatchObject({ ran: true, result: { sent: 1 } });
    expect(sent).toEqual([]);
    expect(await reminderOf('r-vence')).toMatchObject({ status: 'en cola', automatic: true });
    expect(await messageTo('rita@correo.com.ar')).toMatchObject({ status: 'en cola', error: null });

    smtp.state = 'up';
    clock.advanceMinutes(1);
    await runJobOnce(mailRetryJob, ctx(), { force: true });
    expect(sent.map((mail) => [mail.to.address, mail.subject])).toEqual([['rita@correo.com.ar', m.reminderSubject]]);
    expect(await reminderOf('r-vence')).toMatchObject({ status: 'enviado', automatic: true });
    expect(await messageTo('rita@correo.com.ar')).toMatchObject({ status: 'enviado', error: null });

    // A rerun queues nothing more for the period, and it stays enviado once copied into the histories.
    expect(await runReminders()).toMatchObject({ ran: true, result: { sent: 0, settled: 2 } });
    expect(sent).toHaveLength(1);
    await g.t.db('message_outbox').where({ idempotency_key: 'recordatorio:r-vence:2027-03-14' }).delete();
    expect(await reminderOf('r-vence')).toMatchObject({ status: 'enviado' });
    expect(await messageTo('rita@correo.com.ar')).toMatchObject({ status: 'enviado' });
  });

  test('a mailbox refused for good: the reminder shows fallido, the message the server’s error', async () => {
    await g.staff
      .post('/v1/agregarusuario')
      .send({
        idUsuario: 'r-sin',
        nombre: 'Sara Sin',
        edad: 30,
        correo: 'sara@correo.com.ar',
        celular: 3815123497,
        plan: 1,
      })
      .expect(201);
    await g.t.db('memberships').insert({ id_usuario: 'r-sin', start_date: '2026-01-01', paid_until: '2027-03-13' });
    smtp.state = '550';
    try {
      expect(await runReminders()).toMatchObject({ ran: true, result: { sent: 1 } });
    } finally {
      smtp.state = 'up';
    }
    expect(await reminderOf('r-sin')).toMatchObject({ status: 'fallido', automatic: true });
    expect(await messageTo('sara@correo.com.ar')).toMatchObject({ status: 'fallido', error: '550 Buzón inexistente' });
    expect(sent.map((mail) => mail.to.address)).not.toContain('sara@correo.com.ar');
  });
});
