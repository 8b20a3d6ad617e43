import { toCentavos, toPesos, type Centavos } from '@gym/contracts/money';
import { mercadoPagoCaller, ProviderError, type MercadoPagoOptions } from './client';

/** A preapproval (a member's automatic debit) as the provider reports it, its amount in centavos. */
export interface ProviderPreapproval {
  id: string;
  /** pending (not yet authorised), authorized, paused, cancelled. */
  status: string;
  amount: Centavos;
  currency: string;
  reference: string;
  initPoint: string;
}

/** One billing cycle of a preapproval (an "authorised payment") and the latest payment it made. */
export interface ProviderAuthorizedPayment {
  id: string;
  preapprovalId: string;
  /** scheduled, processed, recycling (rejected, to be retried), cancelled. */
  status: string;
  amount: Centavos;
  currency: string;
  /** When it was (or will be) charged: its month is the month it pays. */
  debitDate: string;
  retryAttempt: number;
  payment: { id: string; status: string } | null;
}

export interface PreapprovalRequest {
  /** What the member reads at the provider and on their statement: the plan's name. */
  reason: string;
  reference: string;
  payerEmail: string;
  /** The plan's monthly fee, decided by the server. */
  amount: Centavos;
  backUrl: string;
}

interface MpPreapproval {
  id: string;
  status: string;
  external_reference: string;
  init_point: string;
  auto_recurring: { transaction_amount: number; currency_id: string };
}

interface MpAuthorizedPayment {
  id: number | string;
  preapproval_id: string;
  status: string;
  transaction_amount: number;
  currency_id: string;
  debit_date: string;
  retry_attempt: number | null;
  payment: { id: number | string; status: string } | null;
}

const toPreapproval = (p: MpPreapproval): ProviderPreapproval => ({
  id: p.id,
  status: p.status,
  amount: toCentavos(p.auto_recurring.transaction_amount),
  currency: p.auto_recurring.currency_id,
  reference: p.external_reference,
  initPoint: p.init_point,
});

const toAuthorizedPayment = (a: MpAuthorizedPayment): ProviderAuthorizedPayment => ({
  id: String(a.id),
  preapprovalId: a.preapproval_id,
  status: a.status,
  amount: toCentavos(a.transaction_amount),
  currency: a.currency_id,
  debitDate: a.debit_date,
  retryAttempt: a.retry_attempt ?? 0,
  payment: a.payment ? { id: String(a.payment.id), status: a.payment.status } : null,
});

const notFoundIsNull = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) return null;
    throw err;
  }
};

/**
 * Mercado Pago Suscripciones without a plan: one preapproval per member at the plan's fee, monthly,
 * in ARS, started pending (the member authorises it at `init_point`), changed with PUT (amount,
 * paused, cancelled, authorized again). Each cycle is an authorised payment the provider notifies as
 * `subscription_authorized_payment`.
 */
export function createSubscriptionsClient(options: MercadoPagoOptions) {
  const call = mercadoPagoCaller(options);
  return {
    async createPreapproval(r: PreapprovalRequest): Promise<ProviderPreapproval> {
      return toPreapproval(
        await call<MpPreapproval>('POST', '/preapproval', {
          reason: r.reason,
          external_reference: r.reference,
          payer_email: r.payerEmail,
          back_url: r.backUrl,
          auto_recurring: {
            frequency: 1,
            frequency_type: 'months',
            transaction_amount: toPesos(r.amount),
            currency_id: 'ARS',
          },
          status: 'pending',
        }),
      );
    },

    async preapproval(id: string): Promise<ProviderPreapproval | null> {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return null;
      return notFoundIsNull(async () => toPreapproval(await call<MpPreapproval>('GET', `/preapproval/${id}`)));
    },

    /** A new status (paused, cancelled, authorized) or amount; the preapproval as it is afterwards. */
    async updatePreapproval(
      id: string,
      change: { status?: 'paused' | 'cancelled' | 'authorized'; amount?: Centavos },
    ): Promise<ProviderPreapproval> {
      const body = {
        ...(change.status && { status: change.status }),
        ...(change.amount !== undefined && { auto_recurring: { transaction_amount: toPesos(change.amount) } }),
      };
      return toPreapproval(await call<MpPreapproval>('PUT', `/preapproval/${id}`, body));
    },

    async authorizedPayment(id: string): Promise<ProviderAuthorizedPayment | null> {
      if (!/^\d{1,20}$/.test(id)) return null;
      return notFoundIsNull(async () =>
        toAuthorizedPayment(await call<MpAuthorizedPayment>('GET', `/authorized_payments/${id}`)),
      );
    },

    /** The billing cycles of one preapproval, newest first (the reconciliation's question). */
    async authorizedPaymentsOf(preapprovalId: string): Promise<ProviderAuthorizedPayment[]> {
      const query = new URLSearchParams({ preapproval_id: preapprovalId });
      const answer = await call<{ results: MpAuthorizedPayment[] }>('GET', `/authorized_payments/search?${query}`);
      return answer.results.map(toAuthorizedPayment);
    },
  };
}
