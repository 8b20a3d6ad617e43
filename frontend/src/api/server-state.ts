import { QueryClient } from '@tanstack/react-query';

/**
 * The first part of every query key: what the answer is about. A change names the resources it
 * touched, and every screen showing one of them loads again (see `changed`).
 */
export type Resource =
  | 'account'
  | 'audit'
  | 'cash'
  | 'classes'
  | 'clients'
  | 'consumer'
  | 'invoices'
  | 'memberships'
  | 'messages'
  | 'operations'
  | 'orders'
  | 'plans'
  | 'products'
  | 'reports'
  | 'shifts'
  | 'staff';

export type QueryKey = readonly [Resource, ...unknown[]];

/**
 * The staff screens' cache of what the API answered (TanStack Query; it loads with them, so the
 * shop's pages do not carry it: docs/decisions/0005-server-state.md). Answers are shown at once
 * when a screen comes back and loaded again behind them; a failed load is shown, not retried (ky
 * already retries a GET once on 502-504), so the screen's "Reintentar" is the person's call.
 * Not on window focus: an edit form open in a tab must not be refilled under the person typing.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/**
 * After a change the API accepted: every answer about these resources is stale, and the ones on
 * screen load again (kept on screen until the new answer arrives). The audit trail records every
 * change, so it is always among them.
 */
export function changed(...resources: Resource[]): Promise<void> {
  const stale = new Set<Resource>([...resources, 'audit']);
  return queryClient.invalidateQueries({ predicate: (query) => stale.has(query.queryKey[0] as Resource) });
}

/**
 * A change sent to the API: once accepted, `changed`. A refusal changes nothing here: the screen
 * decides (a stale edit keeps the person's form and offers to reload; a refused delete reloads).
 */
export async function changing<T>(resources: Resource[], change: Promise<T>): Promise<T> {
  const answer = await change;
  void changed(...resources);
  return answer;
}

/**
 * Signing in or out, or a lost session: nothing shown to one person stays cached for the next.
 * The staff layout calls it whenever the signed-in account changes (app/layouts/admin-layout.tsx).
 */
export function forgetAnswers() {
  queryClient.clear();
}
