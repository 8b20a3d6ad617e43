import { createHmac } from 'node:crypto';
import { manualClock } from '../../test/test-app';
import { createDoorPass } from './door-pass';

const SECRET = 'una-clave-de-prueba-de-32-caracteres!';

describe('the door pass: a signed token that turns over every 5 minutes', () => {
  test('the token names the member, reads back at the door, and stays the same within its 5 minutes', () => {
    const clock = manualClock(new Date('2026-11-25T12:01:00Z'));
    const pass = createDoorPass(SECRET, clock);
    const issued = pass.issue('demo-001');
    expect(issued).toEqual({
      token: expect.stringMatching(/^GYM1\.demo-001\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/),
      emitido: '2026-11-25T12:00:00.000Z',
      renovar: '2026-11-25T12:05:00.000Z',
    });
    clock.advanceMinutes(3);
    expect(pass.issue('demo-001')).toEqual(issued);
    expect(pass.read(issued.token)).toEqual({ ok: true, idUsuario: 'demo-001' });
  });

  test('a pass is good in its own 5 minutes and the next ones; after that it has expired', () => {
    const clock = manualClock(new Date('2026-11-25T12:04:59Z'));
    const pass = createDoorPass(SECRET, clock);
    const { token } = pass.issue('demo-004');
    clock.advanceMinutes(5);
    expect(pass.issue('demo-004').token).not.toBe(token);
    expect(pass.read(token)).toEqual({ ok: true, idUsuario: 'demo-004' });
    clock.advanceMinutes(0.02);
    expect(pass.read(token)).toEqual({ ok: false, reason: 'vencido' });
  });

  test('another secret, another member, a step from the future or a changed character read as not valid', () => {
    const clock = manualClock(new Date('2026-11-25T12:00:00Z'));
    const pass = createDoorPass(SECRET, clock);
    const { token } = pass.issue('demo-001');
    const [version, , step, mac] = token.split('.');
    const invalid = { ok: false, reason: 'invalido' };

    expect(createDoorPass('otra-clave-de-prueba-de-32-caracteres', clock).read(token)).toEqual(invalid);
    expect(pass.read(`${version}.demo-004.${step}.${mac}`)).toEqual(invalid);
    expect(pass.read(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toEqual(invalid);
    for (const junk of ['', 'GYM1', 'GYM1.demo-001.x', `${token}.extra`, 'https://example.com']) {
      expect(pass.read(junk)).toEqual(invalid);
    }
    // Correctly signed, but for a step that has not begun: a clock that ran ahead, or a forged one.
    const future = `GYM1.demo-001.${(parseInt(step!, 36) + 1).toString(36)}`;
    const signed = createHmac('sha256', SECRET).update(future).digest().subarray(0, 16).toString('base64url');
    expect(pass.read(`${future}.${signed}`)).toEqual(invalid);
  });
});
