import type { LoginInput, RegistrationInput, StaffAccount } from '@gym/contracts/accounts';
import { api } from '@/api/client';

/** `mustChangePassword`: signed in with a temporary password, which must be changed first. */
export interface SignedIn {
  user: StaffAccount;
  mustChangePassword?: boolean;
}

export const login = (body: LoginInput) => api.post('user/login', { json: body }).json<SignedIn>();

export const logout = () => api.post('user/logout');

export const getMe = (signal?: AbortSignal) => api.get('auth/me', { signal }).json<SignedIn>();

export const verifyStaffCode = (code: string) =>
  api.post('staff-code/verify', { json: { code } }).json<{ message: string }>();

export const register = (body: RegistrationInput & { code: string }) =>
  api.post('users', { json: body }).json<{ user: StaffAccount }>();
