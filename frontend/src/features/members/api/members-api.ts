import type { MemberPortal } from '@gym/contracts';
import { api } from '@/api/client';

/** The same answer whether or not the e-mail is a client's. */
export const requestLink = (email: string) =>
  api.post('socio/ingresar', { json: { email } }).json<{ message: string }>();

/** Uses the link's token (it works once) and opens the member's session (its own cookie). */
export const openLink = (token: string) => api.post('socio/enlace', { json: { token }, retry: 0 });

export const getPortal = (signal?: AbortSignal) => api.get('socio/yo', { signal }).json<MemberPortal>();

export const signOut = () => api.post('socio/salir').json<{ message: string }>();
