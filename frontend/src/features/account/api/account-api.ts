import type { LoginEvent, PasswordChangeForm, StaffSession } from '@gym/contracts/accounts';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export const changePassword = (body: PasswordChangeForm) =>
  changing(['account'], api.put('auth/password', { json: body }).json<{ message: string }>());

export const listSessions = (signal?: AbortSignal) =>
  api
    .get('auth/sessions', { signal })
    .json<{ sessions: StaffSession[] }>()
    .then((b) => b.sessions);

export const endSession = (id: string) => changing(['account'], api.delete(`auth/sessions/${encodeURIComponent(id)}`));

export const listLoginEvents = (signal?: AbortSignal) =>
  api
    .get('auth/login-events', { signal })
    .json<{ events: LoginEvent[] }>()
    .then((b) => b.events);
