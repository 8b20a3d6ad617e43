import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { toApiFailure } from '@/api/client';
import type { Resource } from './use-resource';

/**
 * The visitors' pages (shop, order, footer, weather): loads on mount and when `deps` change
 * (showing the loading state); `reload` keeps the current data on screen until the new answer
 * arrives. No shared cache: TanStack Query, the staff screens' (use-resource.ts), would add 10 kB
 * gzip to the shop home's 110 kB budget (docs/decisions/0005-server-state.md).
 */
export function usePublicResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(attempt);

  useEffect(() => {
    const controller = new AbortController();
    const isReload = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    setState((previous) => (isReload && previous.status === 'ready' ? previous : { status: 'loading' }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      async (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: await toApiFailure(err) });
      },
    );
    return () => controller.abort();
    // the caller's deps decide when to load again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
