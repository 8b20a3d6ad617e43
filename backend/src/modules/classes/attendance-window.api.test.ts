import {
  ATTENDANCE_WINDOW_MINUTES_BEFORE,
  classMessages as m,
  type CheckinResult,
  type ClassBooking,
  type ClassSession,
} from '@gym/contracts/classes';
import { roleMessages } from '@gym/contracts/roles';
import { eligibleClients } from '../../test/member-agent';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/**
 * Issue 40, item 7: an entry at the door marks a booked class attended only within the class's
 * window (from 30 minutes before it starts until it ends); staff can undo a mark.
 */
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async () => undefined } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** Moves the test clock to `minutes` before `startsAt` (only forward). */
const moveTo = (startsAt: string, minutesBefore: number) =>
  clock.advanceMinutes((new Date(startsAt).getTime() - clock.now().getTime()) / MINUTE - minutesBefore);

describe('the door marks a class attended only within its window', () => {
  let session: ClassSession;
  let bookingId: string;
  const DNI = '40222333';

  test('the window opens 30 minutes before the class', () => {
    expect(ATTENDANCE_WINDOW_MINUTES_BEFORE).toBe(30);
  });

  test('a 07:30 entry leaves the 14:00 class booked; at 13:45 the entry marks it attended', async () => {
    let staff = await t.staffAgent();
    // The next 14:00 boxing class at least 7 hours ahead: its day's 07:30 is still to come.
    const { sesiones } = (await staff.get('/v1/clases/sesiones?dias=8').expect(200)).body as {
      sesiones: ClassSession[];
    };
    session = sesiones.find(
      (s) =>
        s.discipline === 'boxeo' &&
        s.starts === '14:00' &&
        new Date(s.startsAt).getTime() > clock.now().getTime() + 7 * 3_600_000,
    )!;
    expect(session).toBeDefined();
    const [idUsuario] = await eligibleClients(t, 'ventana', 1, 1);
    await t.db('clients').where({ id_usuario: idUsuario }).update({ dni: DNI });
    const booked = await staff.post(`/v1/clases/sesiones/${session.id}/reservas`).send({ idUsuario }).expect(201);
    bookingId = booked.body.id as string;

    moveTo(session.startsAt, 6 * 60 + 30); // 07:30 in Tucumán
    staff = await t.staffAgent(); // the staff session idled out while the clock moved
    const early = (await staff.post('/v1/clases/ingresos').send({ dni: DNI }).expect(200)).body as CheckinResult;
    expect(early).toMatchObject({ allowed: true, clase: null });
    expect(await t.db('class_bookings').where({ id: bookingId }).first('status')).toEqual({ status: 'reservada' });
    expect(await t.db('checkins').where({ id_usuario: idUsuario }).orderBy('at').select('booking_id')).toEqual([
      { booking_id: null },
    ]);

    moveTo(session.startsAt, 15); // 13:45
    staff = await t.staffAgent();
    const onTime = (await staff.post('/v1/clases/ingresos').send({ dni: DNI }).expect(200)).body as CheckinResult;
    expect(onTime).toMatchObject({ allowed: true, clase: { discipline: 'boxeo', starts: '14:00' } });
    expect(await t.db('class_bookings').where({ id: bookingId }).first('status')).toEqual({ status: 'asistio' });
  });

  test('staff undo the mark: the place is booked again, and the trail says who did it', async () => {
    const staff = await t.staffAgent();
    const undone = await staff.delete(`/v1/clases/reservas/${bookingId}/asistencia`).expect(200);
    const mine = (undone.body.reservas as ClassBooking[]).find((b) => b.id === bookingId);
    expect(mine?.status).toBe('reservada');
    expect(await t.db('class_bookings').where({ id: bookingId }).first('status')).toEqual({ status: 'reservada' });
    const row = await t
      .db('audit_log')
      .where({ entity: 'reserva', action: 'deshacer_asistencia', entity_id: bookingId })
      .first('before', 'after', 'actor_email', 'actor_role');
    expect(row).toMatchObject({
      before: { estado: 'asistio' },
      after: { estado: 'reservada', nombre: 'Socio 1' },
      actor_email: t.config.admin.email,
      actor_role: 'dueno',
    });
    // Nothing left to undo: a Spanish 409, and no second row.
    const again = await staff.delete(`/v1/clases/reservas/${bookingId}/asistencia`).expect(409);
    expect(again.body.error.message).toBe(m.notMarked);
    const rows = await t
      .db('audit_log')
      .where({ action: 'deshacer_asistencia', entity_id: bookingId })
      .count({ c: '*' });
    expect(Number(rows[0]!.c)).toBe(1);
  });

  test('the coach may undo a mark too (clases.asistencia); a made-up booking is not found', async () => {
    await t.db('class_bookings').where({ id: bookingId }).update({ status: 'ausente' });
    const coach = (await signedInAs(t, 'entrenador')).agent;
    const res = await coach.delete(`/v1/clases/reservas/${bookingId}/asistencia`);
    expect(res.body).not.toEqual({ error: { message: roleMessages.forbidden } });
    expect(res.status).toBe(200);
    await coach.delete('/v1/clases/reservas/00000000-0000-0000-0000-000000000000/asistencia').expect(404);
  });
});
