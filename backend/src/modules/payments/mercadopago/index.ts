import type { IncomingNotification, PaymentProvider } from '../provider';
import { createMercadoPagoClient } from './client';
import { checkSignature } from './signature';

const one = (v: unknown) =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

/**
 * Mercado Pago behind the provider interface. A notification names its payment in the query
 * (`data.id`, `type=payment`, the documented webhook), which is what the signature covers; the
 * older `topic`/`id` form (IPN) is not signed and is refused like any other unsigned one.
 */
export function mercadoPagoProvider(config: { apiUrl: string; accessToken: string; webhookSecret: string }) {
  const client = createMercadoPagoClient(config);
  const provider: PaymentProvider = {
    ...client,
    verify(n: IncomingNotification, now: Date) {
      const dataId = one(n.query['data.id']);
      const check = checkSignature(
        config.webhookSecret,
        n.headers['x-signature'],
        dataId,
        n.headers['x-request-id'],
        now,
      );
      if (!check.ok) return check;
      const type = one(n.query.type) ?? (n.body as { type?: unknown } | undefined)?.type;
      return { ok: true, paymentId: type === 'payment' && dataId ? dataId : null };
    },
  };
  return provider;
}
