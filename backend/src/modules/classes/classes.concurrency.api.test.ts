import { weekStart, type ClassSession, type ClassSessionDetail } from '@gym/contracts/classes';
import { eligibleClients } from '../../test/member-agent';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Never more people than places. On the PostgreSQL server (DATABASE_URL) the requests really run
 * at once on several connections, 20 rounds; on PGlite (one connection) 3 rounds show the same rule.
 */
const ROUNDS = process.env.DATABASE_URL ? 20 : 3;
const PEOPLE = 50;

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async () => undefined } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

test(`${PEOPLE} simultaneous bookings for 20 places give 20 booked and 30 waiting; simultaneous cancellations promote each once`, async () => {
  const later = Date.now() + 3 * 3_600_000;
  const sessions = ((await staff.get('/v1/clases/sesiones?dias=8').expect(200)).body.sesiones as ClassSession[])
    .filter((s) => new Date(s.startsAt).getTime() > later)
    .slice(0, ROUNDS);
  expect(sessions).toHaveLength(ROUNDS);
  for (const [round, session] of sessions.entries()) {
    const ids = await eligibleClients(t, `r${round}`, PEOPLE, session.discipline === 'boxeo' ? 1 : 2);
    const booked = await Promise.all(
      ids.map((idUsuario) => staff.post(`/v1/clases/sesiones/${session.id}/reservas`).send({ idUsuario })),
    );
    expect(booked.map((r) => r.status)).toEqual(ids.map(() => 201));
    const statuses = booked.map((r) => r.body.status as string);
    expect(statuses.filter((s) => s === 'reservada')).toHaveLength(20);
    expect(statuses.filter((s) => s === 'espera')).toHaveLength(30);
    expect(
      booked
        .map((r) => r.body.position as number | null)
        .filter((p) => p !== null)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const holders = booked.filter((r) => r.body.status === 'reservada').slice(0, 10);
    const cancelled = await Promise.all(holders.map((r) => staff.post(`/v1/clases/reservas/${r.body.id}/cancelar`)));
    expect(cancelled.map((r) => r.status)).toEqual(holders.map(() => 200));
    const promoted = cancelled.map((r) => r.body.promoted.idUsuario as string);
    expect(new Set(promoted).size).toBe(10);

    const { session: after, bookings } = (await staff.get(`/v1/clases/sesiones/${session.id}`).expect(200))
      .body as ClassSessionDetail;
    expect(after).toMatchObject({ capacity: 20, booked: 20, waiting: 20 });
    // The first ten who waited, in their order, and no one else, got the places.
    const firstWaiting = booked
      .filter((r) => r.body.status === 'espera')
      .sort((a, b) => a.body.position - b.body.position)
      .slice(0, 10)
      .map((r) => r.body.id as string);
    const nowBooked = bookings.filter((b) => b.status === 'reservada').map((b) => b.id);
    expect(nowBooked).toEqual(expect.arrayContaining(firstWaiting));
    const rows = await t
      .db('class_bookings')
      .where({ session_id: session.id })
      .whereNotNull('promoted_at')
      .count({ n: '*' });
    expect(Number(rows[0]!.n)).toBe(10);
  }
});

test('one member pressing Reservar on five classes of a week at once gets the weekly limit, not more', async () => {
  const [idUsuario] = await eligibleClients(t, 'semana', 1, 1);
  const later = Date.now() + 3 * 3_600_000;
  const week = new Map<string, ClassSession[]>();
  for (const s of (await staff.get('/v1/clases/sesiones?dias=8').expect(200)).body.sesiones as ClassSession[]) {
    if (s.discipline !== 'boxeo' || Date.parse(s.startsAt) <= later) continue;
    week.set(weekStart(s.day), [...(week.get(weekStart(s.day)) ?? []), s]);
  }
  const five = [...week.values()].find((w) => w.length >= 5)!.slice(0, 5);
  const answers = await Promise.all(
    five.map((s) => staff.post(`/v1/clases/sesiones/${s.id}/reservas`).send({ idUsuario })),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
  for (const r of answers.filter((x) => x.status === 409))
    expect(r.body.error.message).toBe('El cliente llegó al máximo de 3 clases por semana de su plan');
  expect(await t.db('class_bookings').where({ id_usuario: idUsuario })).toHaveLength(3);
});
