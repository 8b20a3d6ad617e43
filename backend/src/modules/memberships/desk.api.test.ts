import { membershipMessages as m, type DashboardFigures, type MembershipPage } from '@gym/contracts/memberships';
import { clientMessages } from '@gym/contracts/clients';
import { createLogger } from '../../logger';
import { runJobOnce } from '../../jobs/jobs';
import { backgroundJobs } from '../../jobs';
import { mailDispatcherIdle } from '../../shared/mail-retry';
import type { Mailer, OutgoingMail } from '../../shared/mailer';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { membershipRemindersJob } from './reminders.job';

/** 12/03/2027 10:00 in Tucumán (ahead of the real date, so the session cookie stays alive). */
const clock = manualClock(new Date('2027-03-12T13:00:00Z'));
const sent: OutgoingMail[] = [];
let failFor: string | undefined;
const mailer: Mailer = {
  send: async (mail) => {
    if (mail.to.address === failFor) throw Object.assign(new Error('Buzón inexistente'), { responseCode: 550 });
    sent.push(mail);
  },
};
const logger = createLogger({ level: 'silent', pretty: false });
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

/** Clients of their own, with paid-until set straight in the database (the payments test proves the arithmetic). */
async function client(id: string, nombre: string, paidUntil: string | null, extra: Record<string, unknown> = {}) {
  await staff
    .post('/v1/agregarusuario')
    .send({ idUsuario: id, nombre, edad: 30, correo: `${id}@correo.com.ar`, celular: 3815123400, plan: 1 })
    .expect(201);
  if (paidUntil)
    await t.db('memberships').insert({ id_usuario: id, start_date: '2026-01-01', paid_until: paidUntil, ...extra });
}

beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
  staff = await t.staffAgent();
  // The demo clients start with no membership here: only this file's clients count.
  await t.db('membership_pauses').delete();
  await t.db('membership_payments').delete();
  await t.db('memberships').delete();
  await client('d-activa', 'Ana Activa', '2027-04-30', { apto_fecha: '2026-06-01', apto_vence: '2027-06-01' });
  await client('d-semana', 'Beto Semana', '2027-03-15');
  await client('d-hoy', 'Caro Hoy', '2027-03-12');
  await client('d-vencida', 'Dani Vencida', '2027-03-11');
  await client('d-vieja', 'Eva Vieja', '2026-12-01');
  await client('d-pausa', 'Fede Pausa', '2027-04-01');
  await t.db('membership_pauses').insert({ id_usuario: 'd-pausa', motivo: 'Viaje', started_on: '2027-03-01' });
});
afterAll(() => t.close());

const list = async (query: string) =>
  (await staff.get(`/v1/desk/memberships?${query}`).expect(200)).body as MembershipPage;
const ids = (page: MembershipPage) => page.items.map((r) => r.idUsuario);

describe('the desk lists', () => {
  test('"Vencen esta semana", "Vencidas" and "Pausadas", the most urgent first', async () => {
    expect(ids(await list('estado=por-vencer'))).toEqual(['d-hoy', 'd-semana']);
    expect(ids(await list('estado=vencidas'))).toEqual(['d-vencida', 'd-vieja']);
    expect(ids(await list('estado=pausadas'))).toEqual(['d-pausa']);
    const [row] = (await list('estado=por-vencer')).items;
    expect(row).toMatchObject({ nombre: 'Caro Hoy', state: 'por vencer', paidUntil: '2027-03-12', aptoValido: false });
  });

  test('search, plan and apto filters, and paging with the total', async () => {
    expect(ids(await list('estado=vencidas&q=eva'))).toEqual(['d-vieja']);
    expect(ids(await list('estado=vencidas&q=%25'))).toEqual([]);
    expect(ids(await list('estado=vencidas&plan=2'))).toEqual([]);
    const page2 = await list('estado=vencidas&limit=1&page=2');
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(ids(page2)).toEqual(['d-vieja']);
    expect(ids(await list('estado=activas&apto=sin'))).not.toContain('d-activa');
  });

  test('an unknown list or a bad page is 400 with a Spanish message', async () => {
    expect((await staff.get('/v1/desk/memberships?estado=todas').expect(400)).body.error.message).toBe(m.listInvalid);
    expect((await staff.get('/v1/desk/memberships?page=0').expect(400)).body.error.message).toBe(m.queryInvalid);
    await staff.get('/v1/desk/memberships?estado=vencidas&estado=pausadas').expect(400);
  });

  test('CSV: UTF-8 with BOM, ";" and dd/mm/aaaa, as a download', async () => {
    const res = await staff
      .get('/v1/desk/export?estado=vencidas')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=membresias-vencidas-2027-03-12.csv');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Código;Nombre;Correo;Celular;Plan;Estado;Vence el;Apto físico hasta',
      'd-vencida;Dani Vencida;d-vencida@correo.com.ar;3815123400;BOXEO;vencida;11/03/2027;sin apto',
      'd-vieja;Eva Vieja;d-vieja@correo.com.ar;3815123400;BOXEO;vencida;01/12/2026;sin apto',
      '',
    ]);
  });
});

describe('the dashboard', () => {
  test('figures from SQL: states, apto, new clients and income this month against last, by method', async () => {
    await staff
      .post('/v1/memberships/d-vieja/payments')
      .send({ method: 'tarjeta', amountCentavos: 300_000 })
      .expect(201);
    const { rows } = await t.db.raw('UPDATE receipt_counter SET last = last + 1 RETURNING last');
    await t.db('membership_payments').insert({
      receipt_number: rows[0].last,
      id_usuario: 'd-activa',
      amount_centavos: 180_000,
      plan_price_centavos: 250_000,
      id_plan: 1,
      method: 'transferencia',
      months: 1,
      period_from: '2027-02-01',
      period_to: '2027-02-28',
      days_added: 28,
      // 28/02 23:30 in Tucumán: still February there.
      created_at: new Date('2027-03-01T02:30:00Z'),
    });
    const res = await staff.get('/v1/desk/dashboard').expect(200);
    const figures = res.body as DashboardFigures;
    expect(figures).toMatchObject({
      today: '2027-03-12',
      activas: 4,
      porVencer: 2,
      vencidas: 1,
      pausadas: 1,
      ingresos: {
        mes: {
          porMetodo: {
            efectivo: { cuotasCentavos: 0 },
            transferencia: { cuotasCentavos: 0 },
            tarjeta: { cuotasCentavos: 300_000 },
          },
        },
        mesAnterior: {
          porMetodo: {
            efectivo: { cuotasCentavos: 0 },
            transferencia: { cuotasCentavos: 180_000 },
            tarjeta: { cuotasCentavos: 0 },
          },
        },
      },
    });
    // Every client but d-activa lacks a valid apto; every client was added "this month" by the test clock.
    const clients = Number((await t.db('clients').count({ c: '*' }).first())?.c);
    expect(figures.sinApto).toBe(clients - 1);
    expect(figures.nuevosClientes).toBe(6);
  });
});

describe('reminders', () => {
  test('the templates are in Argentine Spanish and editable, with the same rules as the form', async () => {
    const { templates } = (await staff.get('/v1/reminders/templates').expect(200)).body;
    expect(templates.map((x: { channel: string }) => x.channel)).toEqual(['email', 'whatsapp']);
    expect(templates[1].text).toBe('Hola {nombre}, tu plan vence el {vence}. ¡Te esperamos!');
    const bad = await staff.put('/v1/reminders/templates/whatsapp').send({ text: 'Hola' }).expect(400);
    expect(bad.body.error.message).toBe(m.templateLength);
    await staff.put('/v1/reminders/templates/sms').send({ text: 'Hola {nombre}, vení' }).expect(404);
  });

  test('by e-mail: the mail goes out, it is in the message history and in the client history', async () => {
    const before = sent.length;
    const res = await staff
      .post('/v1/reminders')
      .send({ channel: 'email', ids: ['d-semana'] })
      .expect(200);
    expect(res.body.reminders).toEqual([
      { idUsuario: 'd-semana', nombre: 'Beto Semana', status: 'enviado', link: null },
    ]);
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)).toMatchObject({ to: { address: 'd-semana@correo.com.ar' }, subject: m.reminderSubject });
    expect(sent.at(-1)!.text).toContain('Hola Beto, tu plan BOXEO vence el 15/03.');
    const { messages } = (await staff.get('/v1/messages').expect(200)).body;
    expect(messages[0]).toMatchObject({ idUsuario: 'd-semana', status: 'enviado' });
    const detail = (await staff.get('/v1/memberships/d-semana').expect(200)).body;
    expect(detail.reminders[0]).toMatchObject({ channel: 'email', status: 'enviado', automatic: false });
  });

  test('a failed e-mail is logged as fallido, never hidden', async () => {
    failFor = 'd-hoy@correo.com.ar';
    try {
      const res = await staff
        .post('/v1/reminders')
        .send({ channel: 'email', ids: ['d-hoy'] })
        .expect(200);
      expect(res.body.reminders[0].status).toBe('fallido');
      const detail = (await staff.get('/v1/memberships/d-hoy').expect(200)).body;
      expect(detail.reminders[0]).toMatchObject({ status: 'fallido' });
    } finally {
      failFor = undefined;
    }
  });

  test('by WhatsApp: a wa.me/549… link with the edited text, logged as opened', async () => {
    await staff
      .put('/v1/reminders/templates/whatsapp')
      .send({ text: 'Hola {nombre}, tu plan vence el {vence}. ¡Te esperamos, che!' })
      .expect(200);
    const res = await staff
      .post('/v1/reminders')
      .send({ channel: 'whatsapp', ids: ['d-vencida'] })
      .expect(200);
    expect(res.body.reminders[0]).toMatchObject({ status: 'abierto' });
    const link = new URL(res.body.reminders[0].link);
    expect(link.origin + link.pathname).toBe('https://wa.me/5493815123400');
    expect(link.searchParams.get('text')).toBe(
      'Hola Dani, tu plan vence el 11/03. ¡Te esperamos, che!\n\n' +
        `Renová online con Mercado Pago (tarjeta, débito o dinero en cuenta) desde tu cuenta: ${t.config.orders.siteUrl}/socio`,
    );
    const detail = (await staff.get('/v1/memberships/d-vencida').expect(200)).body;
    expect(detail.reminders[0]).toMatchObject({ channel: 'whatsapp', status: 'abierto' });
  });

  test('an unknown client in the selection: 404 and nothing is sent nor logged', async () => {
    const [before, logged] = [sent.length, await t.db('reminders').count({ c: '*' }).first()];
    const res = await staff
      .post('/v1/reminders')
      .send({ channel: 'email', ids: ['d-semana', 'no-existe'] })
      .expect(404);
    expect(res.body).toEqual({ error: { message: clientMessages.notFound } });
    expect(sent.length).toBe(before);
    expect(await t.db('reminders').count({ c: '*' }).first()).toEqual(logged);
    expect((await staff.post('/v1/reminders').send({ channel: 'email', ids: [] }).expect(400)).body.error.message).toBe(
      m.idsRequired,
    );
  });
});

describe('the daily reminder job', () => {
  test('it is registered among the background jobs', () => {
    expect(backgroundJobs).toContain(membershipRemindersJob);
  });

  test('three replicas at once: one run, one e-mail per client whose plan ends within 3 days and was not reminded in the last 3, once per period', async () => {
    const ctx = { db: t.db, logger, clock, mailer, config: t.config };
    const before = sent.length;
    // The job queues its e-mails in the outbox: the dispatcher sends them a moment after the run.
    const dispatched = () => mailDispatcherIdle({ db: t.db, mailer, logger, clock });
    const outcomes = await Promise.all([1, 2, 3].map(() => runJobOnce(membershipRemindersJob, ctx)));
    await dispatched();
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    // d-hoy (12/03; staff's e-mail to it failed, so it was never reached); d-semana (15/03) got staff's
    // e-mail today, so it rests 3 days; d-pausa is paused, the rest end later or already ended.
    expect(outcomes.find((o) => o.ran)!.result).toEqual({ sent: 1 });
    const to = sent.slice(before).map((mail) => mail.to.address);
    expect(to).toEqual(['d-hoy@correo.com.ar']);
    const automatic = await t.db('reminders').where({ automatic: true }).select('id_usuario');
    expect(automatic.map((r) => r.id_usuario)).toEqual(['d-hoy']);
    // What the job sent is audited as staff's sending is, with the job as the actor.
    const audited = await t.db('audit_log').where({ request_id: 'job:recordatorios-de-vencimiento' });
    expect(audited).toEqual([
      expect.objectContaining({
        actor_id: null,
        entity: 'recordatorio',
        entity_id: 'email',
        action: 'enviar',
        after: {
          canal: 'email',
          automatico: true,
          clientes: [{ idUsuario: 'd-hoy', estado: 'en cola' }],
        },
      }),
    ]);

    clock.advanceMinutes(24 * 60);
    const next = await runJobOnce(membershipRemindersJob, ctx);
    staff = await t.staffAgent();
    // Yesterday's e-mail went: its outcome is copied into the reminder and the message history.
    expect(next).toMatchObject({ ran: true, result: { sent: 0, settled: 2 } });
    const detail = (await staff.get('/v1/memberships/d-hoy').expect(200)).body;
    // Staff's failed e-mail has the same time (the clock stood still): the job's is the automatic one.
    expect(detail.reminders.find((r: { automatic: boolean }) => r.automatic)).toMatchObject({
      channel: 'email',
      status: 'enviado',
    });
    expect(await t.db('audit_log').where({ request_id: 'job:recordatorios-de-vencimiento' })).toHaveLength(1);

    // Three days after staff's e-mail, d-semana (ending 15/03) gets the job's reminder.
    clock.advanceMinutes(2 * 24 * 60 + 60);
    const rested = await runJobOnce(membershipRemindersJob, ctx);
    await dispatched();
    staff = await t.staffAgent();
    expect(rested).toMatchObject({ ran: true, result: { sent: 1 } });
    expect(sent.at(-1)!.to.address).toBe('d-semana@correo.com.ar');

    const listed = (await staff.get('/v1/desk/memberships?estado=activas&q=d-semana').expect(200)).body;
    expect(listed.items[0].lastReminder).toEqual({ at: clock.now().toISOString(), channel: 'email' });

    const dashboard = (await staff.get('/v1/desk/dashboard').expect(200)).body as DashboardFigures;
    expect(dashboard.ultimoRecordatorio).toMatchObject({ status: 'ok', sent: 1, finishedAt: expect.any(String) });
  });
});
