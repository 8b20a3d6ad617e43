import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginInput, StaffAccount } from '@gym/contracts/accounts';
import { SESSION_EXPIRED_EVENT } from '../../api/client';
import { getMe, login, logout } from './api/auth-api';

type AuthState =
  | { status: 'unknown' | 'checking'; user: null }
  | { status: 'signed-in'; user: StaffAccount; mustChangePassword?: boolean }
  | { status: 'signed-out'; user: null; reason?: string };

interface AuthValue {
  state: AuthState;
  /** Asks the server once whether this browser holds a staff session. */
  check: () => void;
  login: (input: LoginInput) => Promise<{ user: StaffAccount }>;
  signOut: () => Promise<void>;
  /** The temporary password was replaced: the rest of the admin opens. */
  passwordChanged: () => void;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * "This browser signed in as staff": no token (the session cookie is httpOnly), only a hint, so the
 * public pages ask the server about a session only when there may be one, and a visitor never sees
 * a 401 in the console.
 */
const STAFF_HINT_KEY = 'gym:staff-signed-in';
const remember = (signedIn: boolean) => {
  try {
    if (signedIn) localStorage.setItem(STAFF_HINT_KEY, '1');
    else localStorage.removeItem(STAFF_HINT_KEY);
  } catch {
    // storage refused (private mode): the public pages then simply show the staff entry
  }
};
const remembered = () => {
  try {
    return localStorage.getItem(STAFF_HINT_KEY) === '1';
  } catch {
    return false;
  }
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown', user: null });

  const checking = useRef(false);

  const check = useCallback(() => {
    if (checking.current) return;
    checking.current = true;
    setState((current) => (current.status === 'unknown' ? { status: 'checking', user: null } : current));
    getMe()
      .then(
        ({ user, mustChangePassword }) => {
          remember(true);
          setState({ status: 'signed-in', user, mustChangePassword });
        },
        () => {
          remember(false);
          setState((current) => (current.status === 'signed-in' ? current : { status: 'signed-out', user: null }));
        },
      )
      .finally(() => {
        checking.current = false;
      });
  }, []);

  useEffect(() => {
    if (remembered()) check();
  }, [check]);

  useEffect(() => {
    const onExpired = (event: Event) => {
      remember(false);
      setState({ status: 'signed-out', user: null, reason: (event as CustomEvent<string>).detail });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  const value = useMemo<AuthValue>(
    () => ({
      state,
      check,
      login: async (input) => {
        const answer = await login(input);
        remember(true);
        setState({ status: 'signed-in', user: answer.user, mustChangePassword: answer.mustChangePassword });
        return answer;
      },
      signOut: async () => {
        await logout().catch(() => undefined);
        remember(false);
        setState({ status: 'signed-out', user: null });
      },
      passwordChanged: () =>
        setState((current) => (current.status === 'signed-in' ? { ...current, mustChangePassword: false } : current)),
    }),
    [state, check],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state when there is one: a screen rendered on its own (a component test) has none. */
export const useOptionalAuth = (): AuthValue | null => useContext(AuthContext);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
