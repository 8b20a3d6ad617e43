import { useEffect } from 'react';

/** The service worker's answers from its copy carry when it was saved (public/socio-sw.js). */
const SAVED_HEADER = 'x-copia-guardada';
const STATE_CACHE = 'socio-estado';
const MANIFEST = '/socio-app/manifest.json';

/** When the service worker answered from its copy (offline): the ISO time it was saved; else null. */
export const savedAt = (res: Response): string | null => res.headers.get(SAVED_HEADER);

/**
 * Makes /socio an installable app: the manifest's link (only on the portal's pages, so the shop
 * and the staff screens are never installed) and the service worker, scoped to /socio. Once it
 * runs, it is told which files this page loaded, so the next visit opens without a connection.
 */
export function useInstallablePortal(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST;
    document.head.append(link);
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker
        .register('/socio-sw.js', { scope: '/socio' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
          registration.active?.postMessage({ type: 'guardar', urls: [...urls, window.location.href] });
        })
        .catch(() => undefined);
    }
    return () => link.remove();
  }, []);
}

/** Drops the copy of the member's state (Salir, or a link that opens another session). */
export async function forgetOfflineCopy(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(STATE_CACHE).catch(() => undefined);
  navigator.serviceWorker?.controller?.postMessage({ type: 'olvidar' });
}
