import type { ObservedDebitView, RejectedDebitView } from '@gym/contracts/debits';
import { HTTPError } from 'ky';
import { api } from '@/api/client';

/** Automatic debits Mercado Pago could not charge; none when Mercado Pago is not configured (no route). */
export async function getRejectedDebits(signal?: AbortSignal): Promise<RejectedDebitView[]> {
  try {
    return (await api.get('debitos/rechazados', { signal }).json<{ rechazados: RejectedDebitView[] }>()).rechazados;
  } catch (err) {
    if (err instanceof HTTPError && err.response.status === 404) return [];
    throw err;
  }
}

/** Charges whose amount or currency did not match the plan (the owner's); none for other roles or without Mercado Pago. */
export async function getObservedDebits(signal?: AbortSignal): Promise<ObservedDebitView[]> {
  try {
    return (await api.get('debitos/observados', { signal }).json<{ observados: ObservedDebitView[] }>()).observados;
  } catch (err) {
    if (err instanceof HTTPError && [403, 404].includes(err.response.status)) return [];
    throw err;
  }
}
