import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { useFade } from './use-fade';

interface OffcanvasProps {
  open: boolean;
  title: string;
  placement?: 'start' | 'end';
  onClose: () => void;
  children: ReactNode;
}

/** A Bootstrap side panel (offcanvas) on a native <dialog> (components/dialog.tsx), named by its title. */
export function Offcanvas({ open, title, placement = 'end', onClose, children }: OffcanvasProps) {
  const { mounted, shown } = useFade(open);
  if (!mounted) return null;
  return (
    <Dialog
      className={`offcanvas offcanvas-${placement}${shown ? ' show' : ''}`}
      active={open}
      onClose={onClose}
      dismiss="outside"
    >
      {(titleId) => (
        <>
          <div className="offcanvas-header">
            <h2 className="offcanvas-title h5" id={titleId}>
              {title}
            </h2>
            <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
          </div>
          <div className="offcanvas-body">{children}</div>
        </>
      )}
    </Dialog>
  );
}
