import type { LoginInput, RegistrationInput, StaffAccount } from '@gym/contracts';
import { api } from '../../../api/client';

export const login = (body: LoginInput) => api.post('user/login', { json: body }).json<{ user: StaffAccount }>();

export const logout = () => api.post('user/logout');

export const getMe = (signal?: AbortSignal) => api.get('auth/me', { signal }).json<{ user: StaffAccount }>();

export const verifyStaffCode = (code: string) =>
  api.post('staff-code/verify', { json: { code } }).json<{ message: string }>();

export const register = (body: RegistrationInput & { code: string }) =>
  api.post('users', { json: body }).json<{ user: StaffAccount }>();
