import { can, type Action } from '@gym/contracts/roles';
import { useOptionalAuth } from './auth-context';

/**
 * Whether the signed-in account's role may do `action`: the same table the API's guards read.
 * A screen rendered outside the app's AuthProvider (a component test) shows every control; the
 * API refuses what the role may not do either way.
 */
export function useCan(): (action: Action) => boolean {
  const auth = useOptionalAuth();
  if (!auth) return () => true;
  return (action) => can(auth.state.user?.role, action);
}
