import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { useFade } from './use-fade';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onExited?: () => void;
  size?: 'sm' | 'lg' | 'xl';
  children: ReactNode;
}

/** A Bootstrap modal on a native <dialog> (components/dialog.tsx): fades in and out in 300 ms, named by its title. */
export function Modal({ open, title, onClose, onExited, size, children }: ModalProps) {
  const { mounted, shown } = useFade(open, onExited);
  if (!mounted) return null;
  return (
    <Dialog className={`modal fade d-block${shown ? ' show' : ''}`} active={open} onClose={onClose} dismiss="self">
      {(titleId) => (
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
      )}
    </Dialog>
  );
}
