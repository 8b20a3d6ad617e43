import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOOR_PASS_MINUTES, type MemberDoorPass } from '@gym/contracts/members';
import type { Clock } from '../../clock';

const STEP_MS = DOOR_PASS_MINUTES * 60_000;
const VERSION = 'GYM1';
/** GYM1.<idUsuario>.<step in base 36>.<first 128 bits of the HMAC, base64url>: fits a small QR. */
const PASS = /^GYM1\.([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

export type DoorPassReading = { ok: true; idUsuario: string } | { ok: false; reason: 'invalido' | 'vencido' };

/**
 * The member's QR for the door: the member's code and the current 5-minute step, signed with
 * MEMBER_QR_SECRET. Nothing is stored: the same step gives the same token, and the door checks
 * the signature and that the step is this one or the one before (a pass is good for 5 to 10
 * minutes). Another secret, a changed character or an older step reads as not valid.
 */
export function createDoorPass(secret: string, clock: Clock) {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 16);
  const stepNow = () => Math.floor(clock.now().getTime() / STEP_MS);

  return {
    issue(idUsuario: string): MemberDoorPass {
      const step = stepNow();
      const body = `${VERSION}.${idUsuario}.${step.toString(36)}`;
      return {
        token: `${body}.${sign(body).toString('base64url')}`,
        emitido: new Date(step * STEP_MS).toISOString(),
        renovar: new Date((step + 1) * STEP_MS).toISOString(),
      };
    },

    read(token: string): DoorPassReading {
      const match = PASS.exec(token.trim());
      if (!match) return { ok: false, reason: 'invalido' };
      const [, idUsuario = '', stepText = '', mac = ''] = match;
      // The text is compared, not its decoded bytes: base64url's last character carries spare bits.
      const given = Buffer.from(mac);
      const expected = Buffer.from(sign(`${VERSION}.${idUsuario}.${stepText}`).toString('base64url'));
      if (!timingSafeEqual(given, expected)) return { ok: false, reason: 'invalido' };
      const age = stepNow() - parseInt(stepText, 36);
      if (age < 0) return { ok: false, reason: 'invalido' };
      return age <= 1 ? { ok: true, idUsuario } : { ok: false, reason: 'vencido' };
    },
  };
}

export type DoorPass = ReturnType<typeof createDoorPass>;
