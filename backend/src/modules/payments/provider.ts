import type { Centavos } from '@gym/contracts/money';
import type { CheckoutRequest, ProviderPayment } from './mercadopago/client';
import type { PreapprovalRequest, ProviderAuthorizedPayment, ProviderPreapproval } from './mercadopago/subscriptions';

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

export type { PreapprovalRequest, ProviderAuthorizedPayment, ProviderPreapproval } from './mercadopago/subscriptions';

/** The notification topics of automatic debits. */
export type SubscriptionTopic = 'subscription_preapproval' | 'subscription_authorized_payment';

/**
 * What automatic debits need of a provider (Mercado Pago Suscripciones): a preapproval per member,
 * changed by status or amount, its charges read back, a second charge of a month refunded.
 */
export interface DebitProvider {
  createPreapproval(r: PreapprovalRequest): Promise<ProviderPreapproval>;
  preapproval(id: string): Promise<ProviderPreapproval | null>;
  updatePreapproval(
    id: string,
    change: { status?: 'paused' | 'cancelled' | 'authorized'; amount?: Centavos },
  ): Promise<ProviderPreapproval>;
  authorizedPayment(id: string): Promise<ProviderAuthorizedPayment | null>;
  authorizedPaymentsOf(preapprovalId: string): Promise<ProviderAuthorizedPayment[]>;
  refund(paymentId: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  /** Whether a notification is genuine and recent; its topic and the id it is about (null: another topic). */
  verifySubscription(
    n: IncomingNotification,
    now: Date,
  ): { ok: true; topic: SubscriptionTopic | null; id: string | null } | { ok: false; reason: string };
}
