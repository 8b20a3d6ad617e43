import type { DebitView } from '@gym/contracts/debits';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** The member's automatic debit (asked of Mercado Pago while it waits to be authorised); null when none. */
export const myDebit = (signal?: AbortSignal) =>
  api
    .get('socio/debito', { signal, timeout: 30_000 })
    .json<{ debito: DebitView | null }>()
    .then((body) => body.debito);

/** A preapproval at the plan's fee: where to authorise it (the provider can take a few seconds). */
export const startDebit = () =>
  changing(
    ['clients'],
    api.post('socio/debito', { retry: 0, timeout: 30_000 }).json<{ initPoint: string; debito: DebitView }>(),
  );

/** Stopped at once at the provider; the card reads it again. */
export const stopDebit = (id: string) =>
  changing(
    ['clients'],
    api.delete(`socio/debito/${id}`, { retry: 0, timeout: 30_000 }).json<{ message: string; debito: DebitView }>(),
  );
