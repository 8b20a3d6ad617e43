import { addDays, tucumanDayStart, tucumanToday } from '@gym/contracts/membership-dates';
import { checkinMessages as cm, type CheckinEntry, type CheckinResult } from '@gym/contracts/classes';
import { loadConfig } from '../../config';
import { eligibleClients } from '../../test/member-agent';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/**
 * Issue 41, item 5 (anti-passback): the same member again within DOOR_REPEAT_MINUTES (120) of an
 * entry that counted answers amber, "Ya ingresó hoy a las HH:MM"; the desk decides. The repeat is
 * kept, marked as such, and is neither a visit nor attendance again.
 */
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async () => undefined } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** Moves the test clock (forward only) to `time` (HH:MM, Tucumán) of `day`. */
const moveTo = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const target = tucumanDayStart(day).getTime() + (h * 60 + m) * MINUTE;
  clock.advanceMinutes((target - clock.now().getTime()) / MINUTE);
};

async function checkin(body: object): Promise<CheckinResult> {
  const staff = await t.staffAgent(); // the staff session idles out while the clock moves
  return (await staff.post('/v1/clases/ingresos').send(body).expect(200)).body as CheckinResult;
}

describe('the door answers amber to a second entry of the same member within 120 minutes', () => {
  const DNI = '40777888';
  let idUsuario: string;
  // Tomorrow in Tucumán: a whole day ahead, whatever hour the test runs at.
  const day = addDays(tucumanToday(new Date()), 1);

  test('a second entry at 10:30 is amber, "Ya ingresó hoy a las 10:00", kept as a repeat', async () => {
    [idUsuario] = (await eligibleClients(t, 'repite', 1, 3)) as [string];
    await t.db('clients').where({ id_usuario: idUsuario }).update({ dni: DNI });

    moveTo(day, '10:00');
    const first = await checkin({ dni: DNI });
    expect(first).toMatchObject({ allowed: true, repeat: false, cliente: { idUsuario } });
    expect(first.reason).toMatch(/^Al día: pagada hasta el /);

    moveTo(day, '10:30');
    const second = await checkin({ idUsuario });
    expect(second).toMatchObject({ allowed: true, repeat: true, reason: 'Ya ingresó hoy a las 10:00' });
    expect(second.reason).toBe(cm.yaIngreso('10:00'));

    const rows = await t.db('checkins').where({ id_usuario: idUsuario }).orderBy('at').select('is_repeat', 'reason');
    expect(rows).toEqual([
      { is_repeat: false, reason: first.reason },
      { is_repeat: true, reason: 'Ya ingresó hoy a las 10:00' },
    ]);
    const staff = await t.staffAgent();
    const { ingresos } = (await staff.get(`/v1/clases/ingresos?dia=${day}`).expect(200)).body as {
      ingresos: CheckinEntry[];
    };
    expect(ingresos.filter((i) => i.idUsuario === idUsuario).map((i) => [i.repeat, i.reason])).toEqual([
      [true, 'Ya ingresó hoy a las 10:00'],
      [false, first.reason],
    ]);
  });

  test('a repeat is not a visit: today’s count at the door counts one', async () => {
    const staff = await t.staffAgent();
    const today = (await staff.get('/v1/clases/hoy').expect(200)).body as { ingresos: number; rechazados: number };
    expect(today).toMatchObject({ ingresos: 1, rechazados: 0 });
  });

  test('after 120 minutes the entry counts again (green); a repeat of it names its own time', async () => {
    moveTo(day, '12:01');
    expect(await checkin({ dni: DNI })).toMatchObject({ allowed: true, repeat: false });
    moveTo(day, '12:30');
    expect(await checkin({ dni: DNI })).toMatchObject({ repeat: true, reason: 'Ya ingresó hoy a las 12:01' });
    const staff = await t.staffAgent();
    expect((await staff.get('/v1/clases/hoy').expect(200)).body).toMatchObject({ ingresos: 2 });
  });

  test('two scans of one pass at the same moment: one green, one amber', async () => {
    moveTo(day, '15:00');
    const staff = await t.staffAgent();
    const both = await Promise.all(
      [0, 1].map(async () => (await staff.post('/v1/clases/ingresos').send({ idUsuario }).expect(200)).body),
    );
    expect(both.map((r: CheckinResult) => r.repeat).sort()).toEqual([false, true]);
  });

  test('who may not come in stays red, however often they try', async () => {
    const [unpaid] = (await eligibleClients(t, 'impaga', 1, 3)) as [string];
    await t
      .db('memberships')
      .where({ id_usuario: unpaid })
      .update({ paid_until: addDays(day, -3) });
    for (const time of ['16:00', '16:10']) {
      moveTo(day, time);
      expect(await checkin({ idUsuario: unpaid })).toMatchObject({ allowed: false, repeat: false });
    }
  });

  test('the client’s history counts the visits, not the repeats (3 of 6 entries)', async () => {
    const staff = await t.staffAgent();
    await staff.post('/v1/borrarusuario').send({ idUsuario }).expect(200);
    const archived = (await staff.get('/v1/clients/archived').expect(200)).body.clients as {
      client: { idUsuario: string };
      history: { clases: number };
    }[];
    expect(archived.find((a) => a.client.idUsuario === idUsuario)?.history.clases).toBe(3);
    expect(Number((await t.db('checkins').where({ id_usuario: idUsuario }).count({ n: '*' }))[0]!.n)).toBe(6);
  });

  test('DOOR_REPEAT_MINUTES sets the window (120 by default)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).door.repeatMinutes).toBe(120);
    expect(loadConfig({ NODE_ENV: 'test', DOOR_REPEAT_MINUTES: '45' }).door.repeatMinutes).toBe(45);
    expect(() => loadConfig({ NODE_ENV: 'test', DOOR_REPEAT_MINUTES: 'dos horas' })).toThrow(/DOOR_REPEAT_MINUTES/);
  });
});
