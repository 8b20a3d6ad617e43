import type { RejectedDebitView } from '@gym/contracts/debits';
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
