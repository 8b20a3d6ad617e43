import { useId, useRef, type ReactNode } from 'react';
import { useDialogBehaviour } from './use-dialog-behaviour';
import { useFade } from './use-fade';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onExited?: () => void;
  size?: 'sm' | 'lg' | 'xl';
  children: ReactNode;
}

/** A Bootstrap modal driven by React: fades in and out in 300 ms, named by its title. */
export function Modal({ open, title, onClose, onExited, size, children }: ModalProps) {
  const { mounted, shown } = useFade(open, onExited);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogBehaviour(ref, mounted && open, onClose);
  if (!mounted) return null;
  return (
    <>
      <div
        ref={ref}
        className={`modal fade d-block${shown ? ' show' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      >
        <div className={`modal-dialog modal-dialog-centered modal-dialog-scrollable${size ? ` modal-${size}` : ''}`}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
          </div>
        </div>
      </div>
      <div className={`modal-backdrop fade${shown ? ' show' : ''}`} />
    </>
  );
}
