import type { ClassSession } from '@gym/contracts/classes';
import { addDays, tucumanDayStart, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import { retentionMessages as rm, type MembersAtRiskPage } from '@gym/contracts/retention';
import { roleMessages } from '@gym/contracts/roles';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients, memberAgent } from '../../test/member-agent';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { membersAtRisk } from '.';

/**
 * Issue 46, item 4: members who stop coming (the "Socios en riesgo" list, each reason) and the
 * no-show rule (NO_SHOWS_BLOQUEO no-shows in 30 days block booking for 7 days; the desk lifts it).
 */
const clock = manualClock();
const sent: OutgoingMail[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async (mail) => void sent.push(mail) } });
});
afterAll(() => t.close());

const today = () => tucumanToday(clock.now());
/** Noon in Tucumán, `days` from today (negative: before). */
const noonOf = (days: number) => new Date(tucumanDayStart(addDays(today(), days)).getTime() + 12 * 3_600_000);

/** Visits (check-ins that counted) of a member, `days` from today each. */
async function visits(idUsuario: string, days: number[]) {
  if (days.length === 0) return;
  await t.db('checkins').insert(
    days.map((d) => ({
      at: noonOf(d),
      id_usuario: idUsuario,
      channel: 'dni',
      allowed: true,
      is_repeat: false,
      reason: 'Ingreso permitido',
    })),
  );
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('Socios en riesgo and the no-show rule', () => {
  let ids: string[];
  let missed: ClassSession[];
  let lastMissedDay: IsoDate;
  const [away, slowing, noShows, steady, blocked, lapsed] = [
    'away',
    'slowing',
    'noshows',
    'steady',
    'blocked',
    'lapsed',
  ];
  const id = (who: string) => ids[[away, slowing, noShows, steady, blocked, lapsed].indexOf(who)]!;

  beforeAll(async () => {
    ids = await eligibleClients(t, 'riesgo', 6, 1);
    // Members for months, so a member with no visit counts as away; the weekly limit out of the way.
    await t
      .db('memberships')
      .whereIn('id_usuario', ids)
      .update({ start_date: addDays(today(), -120) });
    await t
      .db('memberships')
      .where({ id_usuario: ids[5] })
      .update({ paid_until: addDays(today(), -1) });
    await t.db('plan_disciplines').where({ id_plan: 1 }).update({ weekly_limit: 14 });

    // Three classes of the next days that the no-show members booked and missed.
    const staff = await t.staffAgent();
    const { sesiones } = (await staff.get('/v1/clases/sesiones?dias=4').expect(200)).body as {
      sesiones: ClassSession[];
    };
    const ahead = sesiones.filter((s) => new Date(s.startsAt) > clock.now());
    missed = ahead.slice(0, 3);
    expect(missed).toHaveLength(3);
    lastMissedDay = missed
      .map((s) => s.day)
      .sort()
      .at(-1)!;
    const booking = (session: ClassSession, who: string) => ({
      session_id: session.id,
      id_usuario: who,
      status: 'ausente',
      booked_by: 'socio',
      created_at: clock.now(),
    });
    await t
      .db('class_bookings')
      .insert([booking(missed[0]!, ids[2]!), booking(missed[1]!, ids[2]!), ...missed.map((s) => booking(s, ids[4]!))]);
    // The clock moves past those classes: the day after the last one, at 09:00.
    const target = new Date(tucumanDayStart(addDays(lastMissedDay, 1)).getTime() + 9 * 3_600_000);
    clock.advanceMinutes((target.getTime() - clock.now().getTime()) / 60_000);

    await visits(id(away), [-20, -45, -70]);
    await visits(id(slowing), [...range(-88, -32, 4), -10, -5, -2]); // 15 before (7.5 a month), 3 now
    await visits(id(noShows), [...range(-88, -32, 6), ...range(-29, -1, 3)]); // 10 before, 10 now
    await visits(id(steady), [...range(-88, -32, 6), ...range(-29, -1, 3)]);
    await visits(id(blocked), range(-29, -1, 2));
    // Not active (membership lapsed): never on the list, however long away.
    await visits(id(lapsed), [-60]);
  });

  test('each reason, most at risk first, with the last visit, the trend and the no-shows', async () => {
    const staff = await t.staffAgent();
    const page = (await staff.get('/v1/socios-en-riesgo').expect(200)).body as MembersAtRiskPage;
    const mine = page.socios.filter((s) => s.idUsuario.startsWith('riesgo-'));
    expect(page.ausenciaDias).toBe(14);
    expect(mine).toEqual([
      {
        idUsuario: id(blocked),
        nombre: 'Socio 5',
        motivos: ['ausentes'],
        ultimaVisita: addDays(today(), -1),
        visitasMes: 15,
        promedioMensual: 0,
        ausentes30: 3,
        bloqueadoHasta: addDays(lastMissedDay, 7),
      },
      {
        idUsuario: id(away),
        nombre: 'Socio 1',
        motivos: ['ausencia'],
        ultimaVisita: addDays(today(), -20),
        visitasMes: 1,
        promedioMensual: 1,
        ausentes30: 0,
        bloqueadoHasta: null,
      },
      {
        idUsuario: id(noShows),
        nombre: 'Socio 3',
        motivos: ['ausentes'],
        ultimaVisita: addDays(today(), -2),
        visitasMes: 10,
        promedioMensual: 5,
        ausentes30: 2,
        bloqueadoHasta: null,
      },
      // Last seen the same day: more no-shows first.
      {
        idUsuario: id(slowing),
        nombre: 'Socio 2',
        motivos: ['baja'],
        ultimaVisita: addDays(today(), -2),
        visitasMes: 3,
        promedioMensual: 7.5,
        ausentes30: 0,
        bloqueadoHasta: null,
      },
    ]);
    // The read the win-back message will use answers the same.
    const read = await membersAtRisk({ db: t.db, clock, settings: { absenceDays: 14, noShowsBlock: 3 } });
    expect(read.socios.filter((s) => s.idUsuario.startsWith('riesgo-'))).toEqual(mine);
  });

  test('AUSENCIA_DIAS days without a visit: one day fewer is not yet away', async () => {
    await t
      .db('checkins')
      .where({ id_usuario: id(away) })
      .update({ at: noonOf(-13) });
    const staff = await t.staffAgent();
    const page = (await staff.get('/v1/socios-en-riesgo').expect(200)).body as MembersAtRiskPage;
    expect(page.socios.map((s) => s.idUsuario)).not.toContain(id(away));
    await t
      .db('checkins')
      .where({ id_usuario: id(away) })
      .update({ at: noonOf(-14) });
    const again = (await staff.get('/v1/socios-en-riesgo?limite=1').expect(200)).body as MembersAtRiskPage;
    expect(again.socios).toHaveLength(1);
    expect(again.total).toBeGreaterThanOrEqual(4);
  });

  test("the list and the lift are the desk's: a trainer is refused", async () => {
    const coach = (await signedInAs(t, 'entrenador')).agent;
    const list = await coach.get('/v1/socios-en-riesgo').expect(403);
    expect(list.body).toEqual({ error: { message: roleMessages.forbidden } });
    await coach.post(`/v1/clientes/${id(blocked)}/reservas/desbloquear`).expect(403);
  });

  test('3 no-shows in 30 days: the member and the desk are refused a booking, saying why and until when', async () => {
    const staff = await t.staffAgent();
    const { sesiones } = (await staff.get('/v1/clases/sesiones?dias=3').expect(200)).body as {
      sesiones: ClassSession[];
    };
    const next = sesiones.find((s) => s.discipline === 'boxeo' && new Date(s.startsAt) > clock.now())!;
    const until = addDays(lastMissedDay, 7);
    const [, m, d] = until.split('-');
    const member = await memberAgent(t, staff, sent, id(blocked));
    const refused = await member.post(`/v1/socio/clases/${next.id}/reserva`).expect(409);
    expect(refused.body.error.message).toBe(
      `No podés reservar hasta el ${Number(d)}/${Number(m)}: faltaste a 3 clases reservadas en los últimos 30 días. Hablá con la recepción.`,
    );
    const portal = await member.get('/v1/socio/clases').expect(200);
    expect(portal.body.blocked).toBe(rm.blocked(until, 3));
    const desk = await staff
      .post(`/v1/clases/sesiones/${next.id}/reservas`)
      .send({ idUsuario: id(blocked) })
      .expect(409);
    expect(desk.body.error.message).toBe(rm.clientBlocked(until, 3));
    expect(
      await t
        .db('class_bookings')
        .where({ id_usuario: id(blocked), session_id: next.id })
        .first(),
    ).toBeUndefined();
    // Two no-shows do not block.
    await staff
      .post(`/v1/clases/sesiones/${next.id}/reservas`)
      .send({ idUsuario: id(noShows) })
      .expect(201);
  });

  test('the desk lifts the block: audited, the member books again; a second lift is 409', async () => {
    const staff = await t.staffAgent();
    const lifted = await staff.post(`/v1/clientes/${id(blocked)}/reservas/desbloquear`).expect(200);
    expect(lifted.body).toEqual({ message: rm.lifted });
    const row = await t
      .db('audit_log')
      .where({ entity: 'reserva', action: 'desbloquear', entity_id: id(blocked) })
      .first('before', 'after', 'actor_email');
    expect(row).toEqual({
      before: { bloqueadoHasta: addDays(lastMissedDay, 7), ausentes: 3, idUsuario: null, nombre: null },
      after: { bloqueadoHasta: null, ausentes: null, idUsuario: id(blocked), nombre: 'Socio 5' },
      actor_email: t.config.admin.email,
    });
    const { sesiones } = (await staff.get('/v1/clases/sesiones?dias=3').expect(200)).body as {
      sesiones: ClassSession[];
    };
    const next = sesiones.find((s) => s.discipline === 'boxeo' && new Date(s.startsAt) > clock.now())!;
    await staff
      .post(`/v1/clases/sesiones/${next.id}/reservas`)
      .send({ idUsuario: id(blocked) })
      .expect(201);
    const again = await staff.post(`/v1/clientes/${id(blocked)}/reservas/desbloquear`).expect(409);
    expect(again.body.error.message).toBe(rm.notBlocked);
    await staff.post('/v1/clientes/nadie-0001/reservas/desbloquear').expect(404);
    const rows = await t.db('audit_log').where({ action: 'desbloquear' }).count({ c: '*' });
    expect(Number(rows[0]!.c)).toBe(1);
    const page = (await staff.get('/v1/socios-en-riesgo').expect(200)).body as MembersAtRiskPage;
    expect(page.socios.find((s) => s.idUsuario === id(blocked))).toBeUndefined();
  });

  test('a block ends by itself 7 days after the last no-show', async () => {
    await t
      .db('class_bookings')
      .where({ id_usuario: id(noShows), status: 'ausente' })
      .update({ status: 'reservada' });
    await t
      .db('class_bookings')
      .whereIn(
        'session_id',
        missed.map((s) => s.id),
      )
      .where({ id_usuario: id(noShows) })
      .update({ status: 'ausente' });
    await t.db('class_bookings').insert({
      session_id: missed[2]!.id,
      id_usuario: id(noShows),
      status: 'ausente',
      booked_by: 'socio',
      created_at: clock.now(),
    });
    const staff = await t.staffAgent();
    const page = (await staff.get('/v1/socios-en-riesgo').expect(200)).body as MembersAtRiskPage;
    expect(page.socios.find((s) => s.idUsuario === id(noShows))?.bloqueadoHasta).toBe(addDays(lastMissedDay, 7));
    // The day it ends, 08:00: not blocked any more.
    const target = new Date(tucumanDayStart(addDays(lastMissedDay, 7)).getTime() + 8 * 3_600_000);
    clock.advanceMinutes((target.getTime() - clock.now().getTime()) / 60_000);
    const later = await t.staffAgent();
    const after = (await later.get('/v1/socios-en-riesgo').expect(200)).body as MembersAtRiskPage;
    expect(after.socios.find((s) => s.idUsuario === id(noShows))?.bloqueadoHasta).toBeNull();
  });
});

test('without WhatsApp set up the win-back message is not sent, and the desk is told why', async () => {
  const [away] = await eligibleClients(t, 'extranamos', 1, 1);
  await t
    .db('memberships')
    .where({ id_usuario: away })
    .update({ start_date: addDays(today(), -120) });
  const staff = await t.staffAgent();
  await staff.put(`/v1/clientes/${away}/whatsapp`).send({ acepta: true }).expect(200);
  const before = Number((await t.db('audit_log').count({ n: '*' }))[0]!.n);
  const res = await staff.post(`/v1/socios-en-riesgo/${away}/te-extranamos`).expect(409);
  expect(res.body).toEqual({ error: { message: rm.winBackNotConfigured } });
  expect(await t.db('message_outbox').where({ id_usuario: away })).toEqual([]);
  expect(Number((await t.db('audit_log').count({ n: '*' }))[0]!.n)).toBe(before);
});
