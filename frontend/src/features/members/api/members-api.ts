import type { MemberPortal, TransferUpload } from '@gym/contracts';
import { api } from '@/api/client';

/** The same answer whether or not the e-mail is a client's. */
export const requestLink = (email: string) =>
  api.post('socio/ingresar', { json: { email } }).json<{ message: string }>();

/** Uses the link's token (it works once) and opens the member's session (its own cookie). */
export const openLink = (token: string) => api.post('socio/enlace', { json: { token }, retry: 0 });

export const getPortal = (signal?: AbortSignal) => api.get('socio/yo', { signal }).json<MemberPortal>();

export const signOut = () => api.post('socio/salir').json<{ message: string }>();

/** A file's bytes, read the way every browser can (jsdom included). */
const bytesOf = (file: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });

/** The photo or PDF itself is the body; what it pays goes in the query. */
export const uploadTransfer = async (file: Blob, monto: number, meses: number) =>
  api
    .post('socio/comprobantes', {
      body: await bytesOf(file),
      searchParams: { monto, meses },
      headers: { 'content-type': file.type || 'application/octet-stream' },
      retry: 0,
    })
    .json<{ message: string }>();

export const myTransfers = (signal?: AbortSignal) =>
  api.get('socio/comprobantes', { signal }).json<{ comprobantes: TransferUpload[] }>();
