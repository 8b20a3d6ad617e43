import { checkSignature, signatureHeader, signatureManifest, SIGNATURE_TOLERANCE_MS } from './signature';

const SECRET = 'secreto-de-prueba-del-webhook';
const now = new Date('2026-11-25T15:00:00.000Z');
const header = signatureHeader(SECRET, '123456789', 'req-1', now);

describe('Mercado Pago’s webhook signature', () => {
  test('the manifest is the documented one, parts left out when absent, an alphanumeric id lower-cased', () => {
    expect(signatureManifest('123', 'req-1', '1764082800000')).toBe('id:123;request-id:req-1;ts:1764082800000;');
    expect(signatureManifest('ABC9', undefined, '1')).toBe('id:abc9;ts:1;');
    expect(signatureManifest(undefined, undefined, '1')).toBe('ts:1;');
  });

  test('a genuine notification passes, now and within 5 minutes', () => {
    expect(checkSignature(SECRET, header, '123456789', 'req-1', now)).toEqual({ ok: true });
    const later = new Date(now.getTime() + SIGNATURE_TOLERANCE_MS - 1000);
    expect(checkSignature(SECRET, header, '123456789', 'req-1', later)).toEqual({ ok: true });
  });

  test('another secret, payment id or request id, or a changed digit is a mismatch', () => {
    expect(checkSignature('otro-secreto', header, '123456789', 'req-1', now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(checkSignature(SECRET, header, '123456780', 'req-1', now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkSignature(SECRET, header, '123456789', 'req-2', now)).toEqual({ ok: false, reason: 'mismatch' });
    const flipped = header.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(checkSignature(SECRET, flipped, '123456789', 'req-1', now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  test('a replay after 5 minutes is stale; no header or a malformed one is refused', () => {
    const replay = new Date(now.getTime() + SIGNATURE_TOLERANCE_MS + 1000);
    expect(checkSignature(SECRET, header, '123456789', 'req-1', replay)).toEqual({ ok: false, reason: 'stale' });
    expect(checkSignature(SECRET, undefined, '1', 'r', now)).toEqual({ ok: false, reason: 'missing' });
    expect(checkSignature(SECRET, 'v1=abc', '1', 'r', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignature(SECRET, `ts=${now.getTime()},v1=zz`, '1', 'r', now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
