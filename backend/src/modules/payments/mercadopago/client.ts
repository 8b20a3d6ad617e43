import { toCentavos, toPesos, type Centavos } from '@gym/contracts/money';

/** A payment as the provider reports it, its amount converted once to centavos. */
export interface ProviderPayment {
  id: string;
  /** approved, pending, in_process, authorized, rejected, cancelled, refunded, charged_back. */
  status: string;
  amount: Centavos;
  currency: string;
  reference: string | null;
  approvedAt: string | null;
}

export interface CheckoutRequest {
  /** Our order number or renewal id: the payment comes back with it. */
  reference: string;
  items: { id: string; title: string; quantity: number; unitPrice: Centavos }[];
  payerEmail?: string;
  /** Where the buyer comes back to (approved, pending or failed alike). */
  backUrl: string;
  notificationUrl: string;
  expiresAt: Date;
}

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

interface MpPayment {
  id: number | string;
  status: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
  date_approved: string | null;
}

const toPayment = (p: MpPayment): ProviderPayment => ({
  id: String(p.id),
  status: p.status,
  amount: toCentavos(p.transaction_amount),
  currency: p.currency_id,
  reference: p.external_reference ?? null,
  approvedAt: p.date_approved ?? null,
});

export interface MercadoPagoOptions {
  apiUrl: string;
  accessToken: string;
  timeoutMs?: number;
}

/** One authenticated call to the REST API, its JSON answer typed; a status other than 2xx is a ProviderError. */
export function mercadoPagoCaller(options: MercadoPagoOptions) {
  const base = options.apiUrl.replace(/\/$/, '');
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    // The provider's own message stays out of ours: it is logged by the caller, never shown.
    if (!res.ok) throw new ProviderError(res.status, `Mercado Pago answered ${res.status} to ${method} ${path}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  return call;
}

/**
 * The few calls of Mercado Pago's REST API we use, typed, over fetch: the official SDK (3.6) fixes
 * its base URL, and the tests and `make dev` talk to the local fake (scripts/fake-mercadopago).
 * docs/decisions/0006-mercadopago-client.md.
 */
export function createMercadoPagoClient(options: MercadoPagoOptions) {
  const call = mercadoPagoCaller(options);

  return {
    /** A Checkout Pro preference: where to send the buyer to pay. */
    async createCheckout(r: CheckoutRequest): Promise<{ id: string; checkoutUrl: string }> {
      const answer = await call<{ id: string; init_point: string }>('POST', '/checkout/preferences', {
        items: r.items.map((i) => ({
          id: i.id,
          title: i.title,
          quantity: i.quantity,
          unit_price: toPesos(i.unitPrice),
          currency_id: 'ARS',
        })),
        external_reference: r.reference,
        payer: r.payerEmail ? { email: r.payerEmail } : undefined,
        back_urls: { success: r.backUrl, pending: r.backUrl, failure: r.backUrl },
        auto_return: 'approved',
        notification_url: r.notificationUrl,
        expires: true,
        expiration_date_to: r.expiresAt.toISOString(),
      });
      return { id: answer.id, checkoutUrl: answer.init_point };
    },

    /** The payment as the provider has it now (a notification's body is never trusted); null when unknown. */
    async payment(id: string): Promise<ProviderPayment | null> {
      if (!/^\d{1,20}$/.test(id)) return null;
      try {
        return toPayment(await call<MpPayment>('GET', `/v1/payments/${id}`));
      } catch (err) {
        if (err instanceof ProviderError && err.status === 404) return null;
        throw err;
      }
    },

    /** Every payment made for one of our references, newest first (the reconciliation's question). */
    async paymentsFor(reference: string): Promise<ProviderPayment[]> {
      const query = new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc' });
      const answer = await call<{ results: MpPayment[] }>('GET', `/v1/payments/search?${query}`);
      return answer.results.map(toPayment);
    },

    /** Refunds a payment in full; the key makes a retry of the same refund the same refund. */
    async refund(paymentId: string, idempotencyKey: string): Promise<{ id: string; status: string }> {
      const answer = await call<{ id: number | string; status: string }>(
        'POST',
        `/v1/payments/${paymentId}/refunds`,
        {},
        { 'x-idempotency-key': idempotencyKey },
      );
      return { id: String(answer.id), status: answer.status };
    },
  };
}
