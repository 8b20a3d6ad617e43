import type { CheckoutStart, OnlinePaymentView } from '@gym/contracts/orders';
import type { MemberDoorPass, MemberPortal, TransferUpload } from '@gym/contracts/members';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';
import { savedAt } from '../pwa';

/** An answer and, when the service worker gave its copy because there was no connection, when it was saved. */
export type MaybeSaved<T> = T & { savedAt: string | null };

const withSavedAt = async <T>(res: Response): Promise<MaybeSaved<T>> => ({
  ...((await res.json()) as T),
  savedAt: savedAt(res),
});

/** The same answer whether or not the e-mail is a client's. */
export const requestLink = (email: string) =>
  api.post('socio/ingresar', { json: { email } }).json<{ message: string }>();

/** Uses the link's token (it works once) and opens the member's session (its own cookie). */
export const openLink = (token: string) => api.post('socio/enlace', { json: { token }, retry: 0 });

export const getPortal = async (signal?: AbortSignal) =>
  withSavedAt<MemberPortal>(await api.get('socio/yo', { signal }));

/** The QR's token for the door; the portal asks again at `renovar`. */
export const getDoorPass = async (signal?: AbortSignal) =>
  withSavedAt<MemberDoorPass>(await api.get('socio/qr', { signal, retry: 0 }));

export const signOut = () => api.post('socio/salir').json<{ message: string }>();

/** A file's bytes, read the way every browser can (jsdom included). */
const bytesOf = (file: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });

/** The photo or PDF itself is the body; what it pays goes in the query. Once taken, the member's list of receipts loads again. */
export const uploadTransfer = async (file: Blob, montoCentavos: number, meses: number) =>
  changing(
    ['memberships'],
    api
      .post('socio/comprobantes', {
        body: await bytesOf(file),
        searchParams: { montoCentavos, meses },
        headers: { 'content-type': file.type || 'application/octet-stream' },
        retry: 0,
      })
      .json<{ message: string }>(),
  );

export const myTransfers = (signal?: AbortSignal) =>
  api.get('socio/comprobantes', { signal }).json<{ comprobantes: TransferUpload[] }>();

/**
 * N months of the plan's fee at Mercado Pago: where to go to pay (the provider can take a few
 * seconds). Once started, the account and its latest renewal are stale.
 */
export const startRenewal = (meses: number) =>
  changing(
    ['clients'],
    api.post('socio/mercadopago', { json: { meses }, retry: 0, timeout: 30_000 }).json<CheckoutStart>(),
  );

/** The latest renewal online, asked of the provider while it is pending; null when there is none. */
export const latestRenewal = (signal?: AbortSignal) =>
  api
    .get('socio/mercadopago', { signal, timeout: 30_000 })
    .json<{ pago: OnlinePaymentView | null }>()
    .then((body) => body.pago);
