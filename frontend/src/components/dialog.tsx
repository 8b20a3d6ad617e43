import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Notices } from './notices';

interface DialogProps {
  /** The <dialog>'s classes: Bootstrap's modal or offcanvas look. */
  className: string;
  /** True while it is shown; false when fading out (it stays mounted, no longer modal). */
  active: boolean;
  onClose: () => void;
  /** Where a click closes it: on the dialog itself (a modal's dimmed area), or outside its box. */
  dismiss: 'self' | 'outside';
  /** Receives the title's id, for aria-labelledby. */
  children: (titleId: string) => ReactNode;
}

/**
 * The one dialog of the app (docs/decisions/0010-notices-and-dialogs.md): a native <dialog> opened
 * with showModal(), so the page behind it is inert (no click, no Tab, no screen reader reaches it)
 * and its ::backdrop dims it; Escape closes it; focus goes to its first field and back to what
 * opened it afterwards; the page behind does not scroll. It carries its own notice region.
 */
export function Dialog({ className, active, onClose, dismiss, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  /** Set while this component closes the dialog itself, so its `close` event is not news. */
  const closing = useRef(false);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  // Before the first paint: shown as modal at once, never a frame in the page's flow.
  useLayoutEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!node.open) node.showModal();
    const field = node.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    );
    field?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      if (node.open) {
        closing.current = true;
        node.close();
      }
      opener?.focus?.();
    };
  }, [active]);

  // Escape: the browser's `cancel`. React state closes it, so the fade-out can run.
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      // Escape in a SweetAlert2 question over this dialog closes only the question
      if (!node.querySelector('.swal2-container')) closeRef.current();
    };
    // Closed by the browser itself (a second Escape it would not let us cancel): tell the state.
    const closed = () => {
      if (closing.current) closing.current = false;
      else if (node.isConnected) closeRef.current();
    };
    node.addEventListener('cancel', cancel);
    node.addEventListener('close', closed);
    return () => {
      node.removeEventListener('cancel', cancel);
      node.removeEventListener('close', closed);
    };
  }, []);

  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    if (dismiss === 'self') return onClose();
    const box = event.currentTarget.getBoundingClientRect();
    const outside =
      event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) onClose();
  };

  return (
    <dialog ref={ref} className={className} aria-labelledby={titleId} onMouseDown={onMouseDown}>
      {children(titleId)}
      {/* While it is modal, a success notice shows here, not in the inert page behind it. */}
      <Notices enabled={active} />
    </dialog>
  );
}
