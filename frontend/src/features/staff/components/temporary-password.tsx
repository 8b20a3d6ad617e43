import { useState } from 'react';

export interface IssuedPassword {
  email: string;
  password: string;
}

/** The reset's temporary password, once: a monospace box to read or copy, and who to hand it to. */
export function TemporaryPassword({ issued, onClose }: { issued: IssuedPassword; onClose: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="alert alert-info" aria-labelledby="temporary-password-title">
      <h2 id="temporary-password-title" className="h6">
        Contraseña temporal de {issued.email}
      </h2>
      <div className="d-flex flex-wrap align-items-center gap-2 my-2">
        <output
          className="font-monospace fs-5 bg-body border rounded px-3 py-1 user-select-all"
          aria-label="Contraseña temporal"
        >
          {issued.password}
        </output>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={copy}>
          Copiar
        </button>
        <span role="status" className="small">
          {copied === true && 'Copiada.'}
          {copied === false && 'No se pudo copiar: seleccionala y copiala a mano.'}
        </span>
      </div>
      <p className="small mb-2">
        Se muestra una sola vez: pasásela en persona. Al ingresar con ella, va a tener que elegir una nueva.
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onClose}>
        Listo, ya la pasé
      </button>
    </section>
  );
}
