import request from 'supertest';
import {
  checkinMessages as cm,
  classMessages as m,
  classSetupMessages as cs,
  isoWeekday,
  promotedText,
  sessionCancelledText,
  weekStart,
  type CheckinResult,
  type ClassesToday,
  type ClientClasses,
  type SlotOccupancy,
  type ClassSession,
  type ClassSessionDetail,
  type ClassSetup,
  type MemberClasses,
} from '@gym/contracts/classes';
import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import type { OutgoingMail } from '../../shared/mailer';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { noShowsJob } from './no-shows.job';
import { createTestApp, eventually, manualClock, type TestApp } from '../../test/test-app';

const sent: OutgoingMail[] = [];
/** When set, every mail fails as an SMTP server that is down would. */
let mailDown = false;
const clock = manualClock();
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  const send = async (mail: OutgoingMail) => {
    if (mailDown) throw new Error('connect ECONNREFUSED');
    sent.push(mail);
  };
  t = await createTestApp({ clock, mailer: { send } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
  mailDown = false;
});

const HOUR = 3_600_000;
const sessions = async (dias = 8) =>
  (await staff.get(`/v1/clases/sesiones?dias=${dias}`).expect(200)).body.sesiones as ClassSession[];
/** Sessions that start at least `hours` from the test clock's now. */
const upcoming = async (discipline: 'boxeo' | 'yoga', hours = 3) =>
  (await sessions()).filter(
    (s) => s.discipline === discipline && new Date(s.startsAt).getTime() > clock.now().getTime() + hours * HOUR,
  );
const detail = async (id: string) =>
  (await staff.get(`/v1/clases/sesiones/${id}`).expect(200)).body as ClassSessionDetail;
/** The mails sent once at least `count` have gone out (they go after the answer), or after 10 s. */
const mailed = (count: number) =>
  eventually(
    async () => [...sent],
    (mails) => mails.length >= count,
  );

describe('the timetable is data', () => {
  test('the public timetable is the spec’s: boxeo 14–20 and yoga 9–11, 13–15, 16–18, Monday to Saturday', async () => {
    const { horario } = (await request(t.app).get('/v1/clases/horario').expect(200)).body as {
      horario: { discipline: string; weekday: number; starts: string; ends: string }[];
    };
    expect(horario).toHaveLength(36);
    const hours = (d: string) => [
      ...new Set(horario.filter((s) => s.discipline === d).map((s) => `${s.starts}-${s.ends}`)),
    ];
    expect(hours('boxeo')).toEqual(['14:00-16:00', '16:00-18:00', '18:00-20:00']);
    expect(hours('yoga')).toEqual(['09:00-11:00', '13:00-15:00', '16:00-18:00']);
    expect([...new Set(horario.map((s) => s.weekday))].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('sessions exist for the days ahead, none on Sunday, with 20 places and their room and coach', async () => {
    const list = await sessions(14);
    const days = new Set(list.map((s) => s.day));
    expect(days.size).toBe(12);
    for (const s of list) expect(new Date(`${s.day}T12:00:00Z`).getUTCDay()).not.toBe(0);
    const boxeo = list.find((s) => s.discipline === 'boxeo')!;
    expect(boxeo).toMatchObject({ capacity: 20, room: 'Salón de boxeo', coach: 'Diego Sosa', status: 'programada' });
    expect(['14:00', '16:00', '18:00']).toContain(boxeo.starts);
  });
});

describe('a member books from the portal', () => {
  test('Mis clases lists the plan’s disciplines only; booking, twice, and the weekly limit', async () => {
    const lucia = await memberAgent(t, staff, sent, 'demo-001');
    const mine = (await lucia.get('/v1/socio/clases').expect(200)).body as MemberClasses;
    expect(mine.blocked).toBeNull();
    expect(new Set(mine.sessions.map((s) => s.discipline))).toEqual(new Set(['boxeo']));
    const weeks = new Map<string, ClassSession[]>();
    for (const s of mine.sessions.filter((x) => new Date(x.startsAt).getTime() > clock.now().getTime() + 3 * HOUR))
      weeks.set(weekStart(s.day), [...(weeks.get(weekStart(s.day)) ?? []), s]);
    const byWeek = [...weeks.values()].find((week) => week.length >= 4)!;

    const first = await lucia.post(`/v1/socio/clases/${byWeek[0]!.id}/reserva`).expect(201);
    expect(first.body).toMatchObject({ status: 'reservada', message: m.booked });
    const again = await lucia.post(`/v1/socio/clases/${byWeek[0]!.id}/reserva`).expect(409);
    expect(again.body.error.message).toBe(m.alreadyBooked);
    await lucia.post(`/v1/socio/clases/${byWeek[1]!.id}/reserva`).expect(201);
    await lucia.post(`/v1/socio/clases/${byWeek[2]!.id}/reserva`).expect(201);
    const fourth = await lucia.post(`/v1/socio/clases/${byWeek[3]!.id}/reserva`).expect(409);
    expect(fourth.body.error.message).toBe('Llegaste al máximo de 3 clases por semana de tu plan');

    const after = (await lucia.get('/v1/socio/clases').expect(200)).body as MemberClasses;
    expect(after.sessions.find((s) => s.id === byWeek[0]!.id)).toMatchObject({
      booked: 1,
      mine: { status: 'reservada', position: null },
    });
    // Cancelled well ahead: free, and the week has room again.
    const cancelled = await lucia.post(`/v1/socio/reservas/${first.body.id}/cancelar`).expect(200);
    expect(cancelled.body).toEqual({ message: m.cancelled, promoted: null });
    await lucia.post(`/v1/socio/clases/${byWeek[3]!.id}/reserva`).expect(201);
    const audit = await t.db('audit_log').where({ entity: 'reserva', actor_member: 'demo-001' }).select('action');
    expect(audit.map((a) => a.action).sort()).toEqual(['cancelar', 'reservar', 'reservar', 'reservar', 'reservar']);
  });

  test('who may not book is told why, and nothing is written', async () => {
    const [boxeo] = await upcoming('boxeo');
    const cases: [string, string][] = [
      ['demo-007', m.noApto],
      ['demo-004', m.membershipLapsed],
    ];
    for (const [id, message] of cases) {
      const member = await memberAgent(t, staff, sent, id);
      expect(((await member.get('/v1/socio/clases').expect(200)).body as MemberClasses).blocked).toBe(message);
      const res = await member.post(`/v1/socio/clases/${boxeo!.id}/reserva`).expect(409);
      expect(res.body.error.message).toBe(message);
    }
    const gym = await memberAgent(t, staff, sent, 'demo-003');
    const theirs = (await gym.get('/v1/socio/clases').expect(200)).body as MemberClasses;
    expect(theirs).toEqual({ sessions: [], blocked: m.noClassesInPlan });
    const res = await gym.post(`/v1/socio/clases/${boxeo!.id}/reserva`).expect(409);
    expect(res.body.error.message).toBe(m.planNotCovering);
    expect(
      (await detail(boxeo!.id)).bookings.filter((b) => ['demo-007', 'demo-004', 'demo-003'].includes(b.idUsuario)),
    ).toEqual([]);
  });

  test('another member’s booking, or a made-up one, is not found; staff cannot use the portal’s routes', async () => {
    const agustin = await memberAgent(t, staff, sent, 'demo-012');
    const [s] = await upcoming('boxeo');
    const booked = await agustin.post(`/v1/socio/clases/${s!.id}/reserva`).expect(201);
    const lucia = await memberAgent(t, staff, sent, 'demo-001');
    const res = await lucia.post(`/v1/socio/reservas/${booked.body.id}/cancelar`).expect(404);
    expect(res.body.error.message).toBe(m.bookingNotFound);
    await lucia.post('/v1/socio/reservas/nada/cancelar').expect(404);
    await staff.get('/v1/socio/clases').expect(401);
    await agustin.post(`/v1/socio/reservas/${booked.body.id}/cancelar`).expect(200);
  });
});

describe('places, the waiting list and the desk', () => {
  test('a full class takes a waiting list; a cancellation promotes the first, who gets an e-mail', async () => {
    const [s] = (await upcoming('yoga', 5)).slice(-1);
    const setup = (await staff.get('/v1/clases/configuracion').expect(200)).body as ClassSetup;
    const slot = setup.slots.find(
      (x) => x.discipline === 'yoga' && x.starts === s!.starts && x.weekday === isoWeekday(s!.day),
    )!;
    const edited = await staff
      .put(`/v1/clases/horarios/${slot.id}`)
      .send({ room: slot.room, capacity: 2, trainerId: slot.trainerId, active: true })
      .expect(200);
    expect((edited.body as ClassSetup).slots.find((x) => x.id === slot.id)!.capacity).toBe(2);
    const ids = await eligibleClients(t, 'espera', 4, 2);
    const results = [];
    for (const id of ids)
      results.push(
        (await staff.post(`/v1/clases/sesiones/${s!.id}/reservas`).send({ idUsuario: id }).expect(201)).body,
      );
    expect(results.map((r) => [r.status, r.position])).toEqual([
      ['reservada', null],
      ['reservada', null],
      ['espera', 1],
      ['espera', 2],
    ]);
    expect(results[2].message).toBe('La clase está llena: quedaste en la lista de espera (puesto 1)');

    const cancel = await staff.post(`/v1/clases/reservas/${results[0].id}/cancelar`).expect(200);
    expect(cancel.body.promoted).toMatchObject({ idUsuario: ids[2], nombre: 'Socio 3' });
    expect(cancel.body.promoted.whatsappUrl).toMatch(/^https:\/\/wa\.me\/549\d+\?text=/);
    // The mail goes out after the answer: wait for it, then it must be exactly this one.
    expect((await mailed(1)).map((x) => [x.to.address, x.text])).toEqual([
      [`${ids[2]}@correo.com`, promotedText('Socio', 'yoga', s!.day, s!.starts)],
    ]);
    const list = await detail(s!.id);
    expect(list.session).toMatchObject({ capacity: 2, booked: 2, waiting: 1 });
    expect(list.bookings.map((b) => [b.idUsuario, b.status, b.position])).toEqual([
      [ids[1], 'reservada', null],
      [ids[2], 'reservada', null],
      [ids[3], 'espera', 1],
      [ids[0], 'cancelada', null],
    ]);

    // A bigger class gives the waiting their place, and tells them; with mail down, the mail waits
    // to be retried.
    sent.length = 0;
    mailDown = true;
    await staff
      .put(`/v1/clases/horarios/${slot.id}`)
      .send({ room: slot.room, capacity: 20, trainerId: slot.trainerId, active: true })
      .expect(200);
    expect((await detail(s!.id)).session).toMatchObject({ capacity: 20, booked: 3, waiting: 0 });
    // Refused once: it waits in the outbox for the retry job.
    const kept = () =>
      t
        .db('message_outbox')
        .where({ channel: 'email', status: 'queued' })
        .whereNotNull('last_error')
        .select('to_address', 'subject', 'sent_at');
    expect(await eventually(kept, (rows) => rows.length > 0)).toEqual([
      { to_address: `${ids[3]}@correo.com`, subject: 'Se liberó un lugar en tu clase', sent_at: null },
    ]);
    expect(sent).toEqual([]);
  });

  test('a suspended class cancels everyone’s place, tells them, and takes no more bookings', async () => {
    // One nobody else's test booked (which session that is depends on the hour the suite runs).
    const [s] = (await upcoming('boxeo', 30)).filter((x) => x.booked === 0 && x.waiting === 0);
    const ids = await eligibleClients(t, 'feriado', 2, 1);
    for (const id of ids) await staff.post(`/v1/clases/sesiones/${s!.id}/reservas`).send({ idUsuario: id }).expect(201);
    const bad = await staff.post(`/v1/clases/sesiones/${s!.id}/suspender`).send({ motivo: ' ' }).expect(400);
    expect(bad.body.error.message).toBe(m.reasonRequired);
    const res = await staff.post(`/v1/clases/sesiones/${s!.id}/suspender`).send({ motivo: 'Feriado' }).expect(200);
    expect(res.body).toEqual({ message: 'Clase suspendida. Avisamos por e-mail a 2 personas.', avisados: 2 });
    expect((await mailed(2)).map((x) => x.text).sort()).toEqual(
      [0, 1].map(() => sessionCancelledText('Socio', 'boxeo', s!.day, s!.starts, 'Feriado')),
    );
    const list = await detail(s!.id);
    expect(list.session).toMatchObject({ status: 'cancelada', cancelReason: 'Feriado', booked: 0 });
    const more = await staff.post(`/v1/clases/sesiones/${s!.id}/reservas`).send({ idUsuario: 'demo-001' }).expect(409);
    expect(more.body.error.message).toBe(m.sessionCancelled);
  });

  test('a holiday: every class of the day still to come is suspended at once, and the booked are told', async () => {
    const today = tucumanToday(clock.now());
    const later = (await staff.get(`/v1/clases/sesiones?desde=${addDays(today, 9)}&dias=4`).expect(200)).body
      .sesiones as ClassSession[];
    const day = later.find((x) => x.status === 'programada')!.day;
    const [idUsuario] = await eligibleClients(t, 'feriado-dia', 1, 2);
    await t.db('class_rules').update({ days_ahead: 14 });
    const yoga = later.find((x) => x.day === day && x.discipline === 'yoga')!;
    await staff.post(`/v1/clases/sesiones/${yoga.id}/reservas`).send({ idUsuario }).expect(201);
    await t.db('class_rules').update({ days_ahead: 7 });

    const bad = await staff
      .post(`/v1/clases/dias/${addDays(today, -1)}/suspender`)
      .send({ motivo: 'Feriado' })
      .expect(400);
    expect(bad.body.error.message).toBe(m.dayInvalid);
    const res = await staff.post(`/v1/clases/dias/${day}/suspender`).send({ motivo: 'Feriado nacional' }).expect(200);
    expect(res.body).toEqual({
      message: 'Se suspendieron 6 clases. Avisamos por e-mail a 1 persona.',
      clases: 6,
      avisados: 1,
    });
    const that = (await staff.get(`/v1/clases/sesiones?desde=${day}&dias=1`).expect(200)).body
      .sesiones as ClassSession[];
    expect(that.map((x) => [x.status, x.cancelReason])).toEqual(that.map(() => ['cancelada', 'Feriado nacional']));
    expect((await mailed(1)).map((x) => x.to.address)).toEqual([`${idUsuario}@correo.com`]);
    const again = await staff.post(`/v1/clases/dias/${day}/suspender`).send({ motivo: 'Feriado' }).expect(409);
    expect(again.body.error.message).toBe(m.noClassesThatDay);
    const rows = await t.db('audit_log').where({ entity: 'clase', action: 'suspender_dia', entity_id: day });
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toMatchObject({ motivo: 'Feriado nacional', avisados: 1 });
  });

  test('the rules and the plans are the owner’s settings, with Spanish errors', async () => {
    const bad = await staff
      .put('/v1/clases/reglas')
      .send({ daysAhead: 30, freeCancelHours: 2, weeklyLimit: 3 })
      .expect(400);
    expect(bad.body.error.message).toBe(cs.daysAhead);
    const saved = await staff
      .put('/v1/clases/reglas')
      .send({ daysAhead: 7, freeCancelHours: 2, weeklyLimit: 4 })
      .expect(200);
    expect((saved.body as ClassSetup).rules).toEqual({ daysAhead: 7, freeCancelHours: 2, weeklyLimit: 4 });
    await staff.put('/v1/clases/reglas').send({ daysAhead: 7, freeCancelHours: 2, weeklyLimit: 3 }).expect(200);
    const plan = await staff
      .put('/v1/clases/planes/3')
      .send({ disciplines: ['yoga'], weeklyLimit: 2 })
      .expect(200);
    expect((plan.body as ClassSetup).plans.find((p) => p.idPlan === 3)).toMatchObject({
      disciplines: ['yoga'],
      weeklyLimit: 2,
    });
    const gym = await memberAgent(t, staff, sent, 'demo-003');
    const theirs = (await gym.get('/v1/socio/clases').expect(200)).body as MemberClasses;
    expect(new Set(theirs.sessions.map((s) => s.discipline))).toEqual(new Set(['yoga']));
    await staff.put('/v1/clases/planes/3').send({ disciplines: [], weeklyLimit: null }).expect(200);
    await staff.put('/v1/clases/planes/9').send({ disciplines: [] }).expect(404);
    const slotTaken = await staff
      .post('/v1/clases/horarios')
      .send({ discipline: 'boxeo', weekday: 1, starts: '14:00', ends: '16:00', room: 'Ring', capacity: 10 })
      .expect(409);
    expect(slotTaken.body.error.message).toBe(cs.slotTaken);
    const backwards = await staff
      .post('/v1/clases/horarios')
      .send({ discipline: 'boxeo', weekday: 7, starts: '12:00', ends: '10:00', room: 'Ring', capacity: 10 })
      .expect(400);
    expect(backwards.body.error.message).toBe(cs.endsAfter);
  });
});

describe('the door', () => {
  const checkin = async (body: object) =>
    (await staff.post('/v1/clases/ingresos').send(body).expect(200)).body as CheckinResult;

  test('by DNI: green with paid-until, red with the reason; every check-in is kept, refused ones too', async () => {
    const lucia = await checkin({ dni: '30.123.401' });
    expect(lucia).toMatchObject({
      allowed: true,
      cliente: { idUsuario: 'demo-001', nombre: 'Lucía Fernández', plan: 'BOXEO' },
    });
    expect(lucia.reason).toMatch(/^Al día: pagada hasta el \d{2}\/\d{2}\/\d{4}$/);
    expect((await checkin({ dni: '30123404' })).reason).toMatch(/^Vencida desde el \d{2}\/\d{2}\/\d{4}$/);
    expect((await checkin({ dni: '30123407' })).reason).toBe(cm.sinApto);
    expect((await checkin({ dni: '30123406' })).reason).toMatch(/^Pausada desde el /);
    expect(await checkin({ dni: '99999999' })).toMatchObject({ allowed: false, reason: cm.dniNotFound, cliente: null });
    const bad = await staff.post('/v1/clases/ingresos').send({ dni: '12ab' }).expect(400);
    expect(bad.body.error.message).toBe(cm.dniInvalid);
    const { ingresos } = (await staff.get('/v1/clases/ingresos').expect(200)).body as {
      ingresos: { idUsuario: string | null; allowed: boolean; channel: string }[];
    };
    expect(ingresos.slice(0, 5).map((i) => [i.idUsuario, i.allowed, i.channel])).toEqual([
      [null, false, 'dni'],
      ['demo-006', false, 'dni'],
      ['demo-007', false, 'dni'],
      ['demo-004', false, 'dni'],
      ['demo-001', true, 'dni'],
    ]);
  });

  test('by the portal’s QR; a forged or old one is refused; by a typed name', async () => {
    const martina = await memberAgent(t, staff, sent, 'demo-009');
    const { token } = (await martina.get('/v1/socio/qr').expect(200)).body as { token: string };
    expect(await checkin({ qr: token })).toMatchObject({ allowed: true, cliente: { idUsuario: 'demo-009' } });
    expect((await checkin({ qr: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).reason).toBe(cm.qrInvalid);
    const found = await staff.get('/v1/clases/buscar?q=fernandez').expect(200);
    expect(found.body.clientes).toEqual([
      { idUsuario: 'demo-001', nombre: 'Lucía Fernández', plan: 'BOXEO', dni: '30123401' },
    ]);
    expect(await checkin({ idUsuario: 'demo-001' })).toMatchObject({ allowed: true });
    await staff.post('/v1/clases/ingresos').send({}).expect(400);
  });

  test('a DNI is optional and unique', async () => {
    await staff.put('/v1/clases/clientes/demo-002/dni').send({ dni: '30.123.401' }).expect(409);
    await staff.put('/v1/clases/clientes/demo-002/dni').send({ dni: '28.555.111' }).expect(200, { dni: '28555111' });
    expect((await checkin({ dni: '28555111' })).cliente?.idUsuario).toBe('demo-002');
    await staff.put('/v1/clases/clientes/demo-002/dni').send({ dni: '' }).expect(200, { dni: null });
    await staff.put('/v1/clases/clientes/nadie/dni').send({ dni: '11222333' }).expect(404);
  });

  test('at class time: the check-in marks the booking attended; a late cancel is counted; the coach marks the rest', async () => {
    const [s] = await upcoming('boxeo', 4);
    const ids = await eligibleClients(t, 'hoy', 3, 1);
    const bookings = [];
    for (const id of ids)
      bookings.push(
        (await staff.post(`/v1/clases/sesiones/${s!.id}/reservas`).send({ idUsuario: id }).expect(201)).body,
      );
    await t.db('clients').where({ id_usuario: ids[0] }).update({ dni: '40111222' });
    clock.advanceMinutes((new Date(s!.startsAt).getTime() - clock.now().getTime()) / 60_000 - 60);
    staff = await t.staffAgent(); // the staff session idled out while the clock moved
    const late = await staff.post(`/v1/clases/reservas/${bookings[2].id}/cancelar`).expect(200);
    expect(late.body.message).toBe(m.lateCancelled(2));
    // An hour before the class the entry leaves it booked; 15 minutes before, it marks it attended.
    expect((await checkin({ dni: '40111222' })).clase).toBeNull();
    clock.advanceMinutes(45);
    expect((await checkin({ dni: '40111222' })).clase).toEqual({ discipline: 'boxeo', starts: s!.starts });
    clock.advanceMinutes(45);
    staff = await t.staffAgent();
    const marked = await staff
      .post(`/v1/clases/reservas/${bookings[1].id}/asistencia`)
      .send({ asistio: false })
      .expect(200);
    const statuses = Object.fromEntries(
      (marked.body.reservas as { idUsuario: string; status: string; lateCancel: boolean }[])
        .filter((b) => ids.includes(b.idUsuario))
        .map((b) => [b.idUsuario, [b.status, b.lateCancel]]),
    );
    expect(statuses).toEqual({
      [ids[0]!]: ['asistio', false],
      [ids[1]!]: ['ausente', false],
      [ids[2]!]: ['cancelada', true],
    });
  });
});

describe('attendance over time', () => {
  let slotId: number;
  test('after a class, a booked place with no check-in becomes a no-show (the job, audited as the job)', async () => {
    staff = await t.staffAgent();
    const created = (
      await staff
        .post('/v1/clases/horarios')
        .send({
          discipline: 'yoga',
          weekday: 7,
          starts: '07:00',
          ends: '08:00',
          room: 'Patio',
          capacity: 10,
          active: false,
        })
        .expect(201)
    ).body as ClassSetup;
    slotId = created.slots.find((x) => x.weekday === 7)!.id;
    const [came, missed] = await eligibleClients(t, 'noshow', 2, 2);
    const ended = new Date(clock.now().getTime() - 7 * 24 * HOUR);
    const day = tucumanToday(ended);
    const [session] = await t
      .db('class_sessions')
      .insert({ slot_id: slotId, day, starts_at: new Date(ended.getTime() - HOUR), ends_at: ended, capacity: 10 })
      .returning('id');
    const sessionId = (session as { id: string }).id;
    await t.db('class_bookings').insert(
      [came, missed].map((id, i) => ({
        session_id: sessionId,
        id_usuario: id,
        status: i === 0 ? 'asistio' : 'reservada',
        booked_by: 'socio',
        created_at: ended,
      })),
    );
    const logger = createLogger({ level: 'silent', pretty: false });
    const run = await runJobOnce(noShowsJob, { db: t.db, logger, clock });
    expect(run).toMatchObject({ ran: true, result: { sesiones: 1, ausentes: 1 } });
    const statuses = await t
      .db('class_bookings')
      .where({ session_id: sessionId })
      .orderBy('id_usuario')
      .select('status');
    expect(statuses.map((r) => r.status)).toEqual(['asistio', 'ausente']);
    const row = await t.db('audit_log').where({ entity: 'reserva', action: 'ausentes', entity_id: sessionId }).first();
    expect(row).toMatchObject({ request_id: 'job:ausentes-de-clases', actor_email: null });
    expect(
      (await runJobOnce(noShowsJob, { db: t.db, logger, clock: { now: () => new Date(clock.now().getTime() + HOUR) } }))
        .result,
    ).toEqual({
      sesiones: 0,
      ausentes: 0,
    });

    const client = (await staff.get(`/v1/clases/clientes/${missed}`).expect(200)).body as ClientClasses;
    expect(client).toEqual({
      dni: null,
      asistencias: 0,
      ausencias: 1,
      tardias: 0,
      ultimas: [
        {
          id: expect.any(String),
          discipline: 'yoga',
          day,
          starts: expect.any(String),
          status: 'ausente',
          lateCancel: false,
        },
      ],
    });
    await staff.get('/v1/clases/clientes/nadie').expect(404);
  });

  test('the dashboard’s day: check-ins and today’s sessions; occupancy per slot over 4 weeks', async () => {
    const today = (await staff.get('/v1/clases/hoy').expect(200)).body as ClassesToday;
    expect(today.ingresos).toBeGreaterThan(0);
    expect(new Set(today.sesiones.map((s) => s.day))).toEqual(new Set([tucumanToday(clock.now())]));
    const { ocupacion } = (await staff.get('/v1/clases/ocupacion').expect(200)).body as { ocupacion: SlotOccupancy[] };
    expect(ocupacion).toHaveLength(36); // the slot taken out of the timetable is not listed
    await staff
      .put(`/v1/clases/horarios/${slotId}`)
      .send({ room: 'Patio', capacity: 10, trainerId: null, active: true })
      .expect(200);
    const again = (await staff.get('/v1/clases/ocupacion').expect(200)).body as { ocupacion: SlotOccupancy[] };
    expect(again.ocupacion.find((o) => o.slotId === slotId)).toEqual({
      slotId,
      discipline: 'yoga',
      weekday: 7,
      starts: '07:00',
      sessions: 1,
      capacity: 10,
      booked: 2,
      attended: 1,
    });
  });
});
