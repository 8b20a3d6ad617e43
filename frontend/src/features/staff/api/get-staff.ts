import type { StaffAccount } from '@gym/contracts';
import { api } from '../../../api/client';

/** GET /v1/users: the staff accounts, never a password. */
export const getStaff = (signal?: AbortSignal) =>
  api
    .get('users', { signal })
    .json<{ users: StaffAccount[] }>()
    .then((body) => body.users);
