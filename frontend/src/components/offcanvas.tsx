import { useId, useRef, type ReactNode } from 'react';
import { useDialogBehaviour } from './use-dialog-behaviour';
import { useFade } from './use-fade';

interface OffcanvasProps {
  open: boolean;
  title: string;
  placement?: 'start' | 'end';
  onClose: () => void;
  children: ReactNode;
}

/** A Bootstrap side panel (offcanvas) driven by React, named by its title. */
export function Offcanvas({ open, title, placement = 'end', onClose, children }: OffcanvasProps) {
  const { mounted, shown } = useFade(open);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogBehaviour(ref, mounted && open, onClose);
  if (!mounted) return null;
  return (
    <>
      <div
        ref={ref}
        className={`offcanvas offcanvas-${placement}${shown ? ' show' : ''}`}
        style={{ visibility: 'visible' }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="offcanvas-header">
          <h2 className="offcanvas-title h5" id={titleId}>
            {title}
          </h2>
          <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
        </div>
        <div className="offcanvas-body">{children}</div>
      </div>
      <div className={`offcanvas-backdrop fade${shown ? ' show' : ''}`} onClick={onClose} />
    </>
  );
}
