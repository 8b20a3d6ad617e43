import type { CheckoutRequest, ProviderPayment } from './mercadopago/client';

export type { CheckoutRequest, ProviderPayment } from './mercadopago/client';

/** A notification as it arrived: what the provider signs is in its headers and query. */
export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * What the payments module needs of a provider: Mercado Pago today (mercadopago/), another one
 * tomorrow behind the same five calls. Amounts are integer centavos on this side.
 */
export interface PaymentProvider {
  /** Where to send the person to pay (a hosted checkout), for one of our references. */
  createCheckout(r: CheckoutRequest): Promise<{ id: string; checkoutUrl: string }>;
  /** The payment as the provider has it now; null when it does not know it. */
  payment(id: string): Promise<ProviderPayment | null>;
  /** Every payment made for one reference (the reconciliation's question). */
  paymentsFor(reference: string): Promise<ProviderPayment[]>;
  /** A full refund; the same key is the same refund. */
  refund(paymentId: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  /**
   * Whether a notification is genuine and recent, and which payment it is about (null: a topic
   * we do not act on, answered 200 so the provider stops sending it).
   */
  verify(n: IncomingNotification, now: Date): { ok: true; paymentId: string | null } | { ok: false; reason: string };
}
