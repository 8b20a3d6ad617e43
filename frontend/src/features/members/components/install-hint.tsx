import { useEffect, useState } from 'react';
import { describeUserAgent } from '@/lib/user-agent';

/** Chrome's and Edge's offer to install (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What this browser lets the portal offer: its own install prompt, or the steps on an iPhone's Safari. */
export type InstallOffer = { kind: 'prompt'; event: InstallPromptEvent } | { kind: 'ios' };

/** Once the member closes the hint (or installs), it stays closed on this phone. */
export const INSTALL_HINT_KEY = 'gym:socio-instalar-oculto';

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as { standalone?: boolean }).standalone === true;

/** Safari on an iPhone or iPad offers no prompt: "Agregar a inicio" is in its Share menu. */
const iosSafari = () => /^Safari en (iPhone|iPad)$/.test(describeUserAgent(navigator.userAgent));

/**
 * Listens, from the portal's first render, for the browser's offer to install (it may come while
 * the member's data still loads); on an iPhone's Safari, the steps instead. Null when installed.
 */
export function useInstallOffer(): InstallOffer | null {
  const [offer, setOffer] = useState<InstallOffer | null>(() =>
    !standalone() && iosSafari() ? { kind: 'ios' } : null,
  );
  useEffect(() => {
    const offered = (event: Event) => {
      event.preventDefault();
      setOffer({ kind: 'prompt', event: event as InstallPromptEvent });
    };
    const installed = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  return offer;
}

const closedBefore = () => {
  try {
    return localStorage.getItem(INSTALL_HINT_KEY) === '1';
  } catch {
    return false;
  }
};

/** "Tené tu cuenta a mano": the portal can go on the home screen, and how; closed for good with one tap. */
export function InstallHint({ offer }: { offer: InstallOffer | null }) {
  const [closed, setClosed] = useState(closedBefore);
  if (!offer || closed) return null;
  const close = () => {
    setClosed(true);
    try {
      localStorage.setItem(INSTALL_HINT_KEY, '1');
    } catch {
      // private mode: closed for this visit only
    }
  };
  const install = async () => {
    if (offer.kind !== 'prompt') return;
    await offer.event.prompt();
    await offer.event.userChoice.catch(() => undefined);
    close();
  };
  return (
    <aside className="alert alert-info d-flex flex-column gap-2 small" aria-label="Agregar a la pantalla de inicio">
      {offer.kind === 'prompt' ? (
        <p className="mb-0">Tené tu cuenta a mano: agregala a la pantalla de inicio y abrila como una app.</p>
      ) : (
        <p className="mb-0">
          Tené tu cuenta a mano: en Safari tocá <strong>Compartir</strong> (el cuadrado con la flecha hacia arriba) y
          después <strong>“Agregar a inicio”</strong>.
        </p>
      )}
      <div className="d-flex gap-2">
        {offer.kind === 'prompt' && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void install()}>
            Agregar a inicio
          </button>
        )}
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={close}>
          {offer.kind === 'prompt' ? 'Ahora no' : 'Entendido'}
        </button>
      </div>
    </aside>
  );
}
