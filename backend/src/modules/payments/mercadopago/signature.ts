import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification older (or newer) than this is refused: a replay of a captured one stops working. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Mercado Pago's webhook signature: `x-signature: ts=<ms>,v1=<hex>`, the HMAC-SHA256 with the
 * application's secret of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (the
 * `data.id` of the notification's query, lower-cased when alphanumeric). Parts absent from the
 * notification are left out of the manifest, as the provider does.
 */
export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export const signManifest = (secret: string, manifest: string) =>
  createHmac('sha256', secret).update(manifest).digest('hex');

/** The header a genuine notification carries (the fake provider sends it; tests forge others). */
export function signatureHeader(secret: string, dataId: string, requestId: string, at: Date): string {
  const ts = String(at.getTime());
  return `ts=${ts},v1=${signManifest(secret, signatureManifest(dataId, requestId, ts))}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Whether a notification was signed with our secret, now (within the tolerance). */
export function checkSignature(
  secret: string,
  header: string | undefined,
  dataId: string | undefined,
  requestId: string | undefined,
  now: Date,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')];
    }),
  );
  const { ts, v1 } = parts as { ts?: string; v1?: string };
  if (!ts || !v1 || !/^\d{10,13}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  // The provider's ts is in milliseconds; a 10-digit one is seconds.
  const at = ts.length <= 10 ? Number(ts) * 1000 : Number(ts);
  if (Math.abs(now.getTime() - at) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signManifest(secret, signatureManifest(dataId, requestId, ts)), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
