import type { Role } from '@gym/contracts/roles';
import type { StaffUserRow } from '@gym/contracts/accounts';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** GET /v1/users: the staff accounts with role, state and last login, never a password. */
export const getStaff = (signal?: AbortSignal) =>
  api
    .get('users', { signal })
    .json<{ users: StaffUserRow[] }>()
    .then((body) => body.users);

export const changeRole = (id: string, role: Role) =>
  changing(
    ['staff'],
    api.put(`users/${encodeURIComponent(id)}/role`, { json: { role } }).json<{ user: StaffUserRow }>(),
  );

export const setActive = (id: string, active: boolean) =>
  changing(
    ['staff'],
    api.post(`users/${encodeURIComponent(id)}/${active ? 'enable' : 'disable'}`).json<{ user: StaffUserRow }>(),
  );

export const resetPassword = (id: string) =>
  changing(['staff'], api.post(`users/${encodeURIComponent(id)}/reset-password`).json<{ temporaryPassword: string }>());
