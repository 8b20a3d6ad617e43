import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginInput, StaffAccount } from '@gym/contracts';
import { SESSION_EXPIRED_EVENT } from '../../api/client';
import { getMe, login, logout } from './api/auth-api';

type AuthState =
  | { status: 'unknown' | 'checking'; user: null }
  | { status: 'signed-in'; user: StaffAccount }
  | { status: 'signed-out'; user: null; reason?: string };

interface AuthValue {
  state: AuthState;
  /** Asks the server once whether this browser holds a staff session. */
  check: () => void;
  login: (input: LoginInput) => Promise<{ user: StaffAccount }>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown', user: null });

  const check = useCallback(() => {
    setState((current) => (current.status === 'unknown' ? { status: 'checking', user: null } : current));
    getMe().then(
      ({ user }) => setState({ status: 'signed-in', user }),
      () => setState((current) => (current.status === 'signed-in' ? current : { status: 'signed-out', user: null })),
    );
  }, []);

  useEffect(() => {
    const onExpired = (event: Event) =>
      setState({ status: 'signed-out', user: null, reason: (event as CustomEvent<string>).detail });
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  const value = useMemo<AuthValue>(
    () => ({
      state,
      check,
      login: async (input) => {
        const answer = await login(input);
        setState({ status: 'signed-in', user: answer.user });
        return answer;
      },
      signOut: async () => {
        await logout().catch(() => undefined);
        setState({ status: 'signed-out', user: null });
      },
    }),
    [state, check],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
