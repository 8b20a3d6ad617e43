import { Component, type ErrorInfo, type ReactNode } from 'react';
import { appShellMessages as m } from '@gym/contracts/edge';

const RELOADED_AT = 'gym:preload-reload-at';
/** A second failure within this time after our own reload is shown, not reloaded again (no loop). */
const RELOAD_WINDOW_MS = 30_000;

interface Recovery {
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/**
 * A tab left open across a deploy asks for chunks the new build no longer has: Vite then fires
 * `vite:preloadError`. The page reloads once (getting the new index.html and its chunks); if that
 * fails again right away, the error goes on to the root error boundary's message.
 */
export function installPreloadRecovery(recovery: Partial<Recovery> = {}): () => void {
  const { target, storage, reload, now }: Recovery = {
    target: window,
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now,
    ...recovery,
  };
  const onPreloadError = (event: Event) => {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < RELOAD_WINDOW_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    event.preventDefault();
    reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

interface Props {
  children: ReactNode;
  /** Retrying reloads the page: a failed chunk or a crashed screen comes back fresh. */
  onRetry?: () => void;
}

/** Whatever a screen throws, the visitor sees a Spanish message and a way to try again, never a blank page. */
export class RootErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('La página falló:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const retry = this.props.onRetry ?? (() => window.location.reload());
    return (
      <main className="container py-5 text-center" role="alert">
        <h1 className="h3">{m.crashedTitle}</h1>
        <p className="text-body-secondary">{m.crashedText}</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          {m.retry}
        </button>
      </main>
    );
  }
}
