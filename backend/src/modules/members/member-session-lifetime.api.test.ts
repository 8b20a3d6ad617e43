import request from 'supertest';
import { memberMessages as m } from '@gym/contracts/members';
import type { OutgoingMail } from '../../shared/mailer';
import { memberAgent } from '../../test/member-agent';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

// Its own app and clock: the days moved here would end every other test's staff session.
const sent: OutgoingMail[] = [];
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async (mail) => void sent.push(mail) } });
});
afterAll(() => t.close());

const DAY = 24 * 60;

describe('a member session ends: 30 days unused, or 90 days after its link opened it however often used', () => {
  test('used every 25 days it lives until day 90, then answers 401 asking for a new link; a new link opens it again', async () => {
    const member = await memberAgent(t, await t.staffAgent(), sent, 'demo-001');
    for (let day = 25; day <= 75; day += 25) {
      clock.advanceMinutes(25 * DAY);
      await member.get('/v1/socio/yo').expect(200);
    }
    clock.advanceMinutes(14 * DAY); // day 89
    await member.get('/v1/socio/yo').expect(200);
    clock.advanceMinutes(DAY + 1); // day 90 and a minute
    const ended = await member.get('/v1/socio/yo').expect(401);
    expect(ended.body).toEqual({ error: { message: m.sessionExpired } });
    await member.get('/v1/socio/clases').expect(401);

    const again = await memberAgent(t, await t.staffAgent(), sent, 'demo-001');
    await again.get('/v1/socio/yo').expect(200);
  });

  test('unused for 30 days it ends with the same words', async () => {
    const member = await memberAgent(t, await t.staffAgent(), sent, 'demo-004');
    await member.get('/v1/socio/yo').expect(200);
    clock.advanceMinutes(30 * DAY + 1);
    const ended = await member.get('/v1/socio/yo').expect(401);
    expect(ended.body).toEqual({ error: { message: m.sessionExpired } });
  });

  test('a session that never was keeps the first words', async () => {
    const res = await request(t.app).get('/v1/socio/yo').set('Cookie', 'msid=no-es-una-sesion').expect(401);
    expect(res.body).toEqual({ error: { message: m.sessionRequired } });
  });
});
