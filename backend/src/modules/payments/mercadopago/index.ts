import type { DebitProvider, IncomingNotification, PaymentProvider, SubscriptionTopic } from '../provider';
import { createMercadoPagoClient } from './client';
import { createSubscriptionsClient } from './subscriptions';
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

const TOPICS: readonly string[] = ['subscription_preapproval', 'subscription_authorized_payment'];

/**
 * Mercado Pago Suscripciones behind the debit interface. Its notifications go to the application's
 * webhook (set in the provider's panel) with `type` and `data.id` in the query, signed as payments'.
 */
export function mercadoPagoDebitProvider(config: { apiUrl: string; accessToken: string; webhookSecret: string }) {
  const { refund } = createMercadoPagoClient(config);
  const provider: DebitProvider = {
    ...createSubscriptionsClient(config),
    refund,
    verifySubscription(n: IncomingNotification, now: Date) {
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
      return typeof type === 'string' && TOPICS.includes(type) && dataId
        ? { ok: true, topic: type as SubscriptionTopic, id: dataId }
        : { ok: true, topic: null, id: null };
    },
  };
  return provider;
}

/** Whether a notification is about automatic debits (its signature is checked by whoever takes it). */
export const isSubscriptionNotification = (n: IncomingNotification) => {
  const type = one(n.query.type) ?? (n.body as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' && TOPICS.includes(type);
};
