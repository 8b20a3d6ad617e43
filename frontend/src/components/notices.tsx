import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * How the app says that something worked (docs/decisions/0010-notices-and-dialogs.md): one notice
 * at a time, in a polite live region mounted once for every layout. It stays until the person
 * closes it or the next notice replaces it: nothing vanishes before it could be read. Errors are
 * not notices: they stay beside their field (FormField) or in a role="alert" message.
 */
interface Notice {
  id: number;
  title: string;
  text?: string;
}

let current: Notice | null = null;
let nextId = 1;
/**
 * The regions in the page, the latest last: the page's own, then one in each open modal dialog
 * (components/dialog.tsx). The notice shows in the latest one: behind a modal <dialog> the page is
 * inert, so a notice there could be neither read out nor closed.
 */
let regions: string[] = [];
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

/** Says that something worked, in the spec's words: `title` first, `text` (if any) after it. */
export function notify(title: string, text?: string): void {
  current = { id: nextId++, title, text };
  tell();
}

/** Takes the notice away (its close button, and each test's fresh start). */
export function dismissNotice(): void {
  if (current === null) return;
  current = null;
  tell();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The live region: always in the page (a region added together with its text is not read out), at
 * the bottom corner. It lets clicks through to the page under it, except on its close button.
 */
export function Notices({ enabled = true }: { enabled?: boolean }) {
  const id = useId();
  useEffect(() => {
    if (!enabled) return;
    regions = [...regions, id];
    tell();
    return () => {
      regions = regions.filter((region) => region !== id);
      tell();
    };
  }, [enabled, id]);
  const notice = useSyncExternalStore(
    subscribe,
    () => (regions[regions.length - 1] === id ? current : null),
    () => null,
  );
  return (
    <div className="notices" role="status" aria-live="polite" aria-atomic="true" aria-label="Avisos">
      {notice && (
        <div key={notice.id} className="notice alert alert-success d-flex align-items-start gap-2 mb-0 shadow">
          <p className="mb-0 flex-grow-1">
            <strong>{notice.title}</strong>
            {notice.text && <span className="d-block">{notice.text}</span>}
          </p>
          <button type="button" className="btn-close" aria-label="Cerrar aviso" onClick={dismissNotice} />
        </div>
      )}
    </div>
  );
}
