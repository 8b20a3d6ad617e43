import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toApiFailure, type ApiFailure } from '@/api/client';
import { queryClient, type QueryKey } from '@/api/server-state';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiFailure };

/**
 * The staff screens' answers of the API, kept in the shared cache (api/server-state.ts) under
 * `key`: its first part the resource, then whatever makes it distinct (an id, the filters, the
 * page). Shows the loading state only when nothing is cached for the key; `reload`, and any
 * `changed` of its resource, keep the current data on screen until the new answer arrives.
 * Failures arrive as the Spanish `ApiFailure`. The visitors' pages use `usePublicResource`.
 * `refreshEvery` asks again by itself while the answer says something is under way (milliseconds,
 * or false when nothing is).
 */
export function useResource<T>(
  key: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { refreshEvery?: (data: T) => number | false } = {},
): Resource<T> & { reload: () => void } {
  const { refreshEvery } = options;
  const query = useQuery<T, ApiFailure>(
    {
      queryKey: key,
      refetchInterval: refreshEvery && ((q) => (q.state.data === undefined ? false : refreshEvery(q.state.data))),
      queryFn: async ({ signal }) => {
        try {
          return await load(signal);
        } catch (err) {
          if (signal.aborted) throw err;
          throw await toApiFailure(err);
        }
      },
    },
    queryClient,
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (query.status === 'success') return { status: 'ready', data: query.data, reload };
  if (query.status === 'error') return { status: 'error', error: query.error, reload };
  return { status: 'loading', reload };
}
