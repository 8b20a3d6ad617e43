import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '@/components/status';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';

export interface LoginRedirectState {
  login: true;
  returnTo: string;
  notice?: string;
}

/** Staff pages: a signed-out visitor (or one whose session ended) is sent to the shop's login. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { state, check } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (state.status === 'unknown') check();
  }, [state.status, check]);

  if (state.status === 'signed-in') return children;
  if (state.status === 'signed-out') {
    const redirect: LoginRedirectState = {
      login: true,
      returnTo: location.pathname + location.search,
      notice: state.reason,
    };
    return <Navigate to={paths.shopHome} replace state={redirect} />;
  }
  return <Loading label="Verificando tu sesión…" />;
}
