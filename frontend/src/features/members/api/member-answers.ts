import { queryClient } from '@/api/server-state';
import { isMemberKey, setMemberQueryDefaults } from '../member-keys';
import { getPortal } from './members-api';

setMemberQueryDefaults(queryClient);

/**
 * The account (socio/yo), which says whose the session is: any answer kept for another member
 * (a session opened in another tab) or for nobody yet (/socio/clases before the account) goes.
 */
export async function loadAccount(signal: AbortSignal) {
  const account = await getPortal(signal);
  queryClient.removeQueries({
    predicate: ({ queryKey }) => isMemberKey(queryKey) && queryKey.length > 2 && queryKey[2] !== account.idUsuario,
  });
  return account;
}

/** Salir, or a link that opens a session (maybe someone else's, on this phone): no answer stays for the next. */
export function forgetMember() {
  queryClient.removeQueries({ predicate: ({ queryKey }) => isMemberKey(queryKey) });
}
