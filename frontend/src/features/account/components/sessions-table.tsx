import { describeUserAgent, formatIp } from '@/lib/user-agent';
import { formatInstant } from '@gym/contracts/format-dates';
import type { StaffSession } from '@gym/contracts/accounts';

export function SessionsTable({ sessions, onEnd }: { sessions: StaffSession[]; onEnd: (s: StaffSession) => void }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle table-stack">
        <caption className="visually-hidden">Tus sesiones abiertas</caption>
        <thead>
          <tr>
            <th scope="col">Inicio</th>
            <th scope="col">Último uso</th>
            <th scope="col">Dirección</th>
            <th scope="col">Navegador</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td data-label="Inicio">{formatInstant(s.createdAt)}</td>
              <td data-label="Último uso">{formatInstant(s.lastSeenAt)}</td>
              <td data-label="Dirección">{formatIp(s.ip)}</td>
              <td data-label="Navegador" title={s.userAgent ?? undefined}>
                {describeUserAgent(s.userAgent)}
              </td>
              <td data-label="Acciones">
                {s.current ? (
                  <span className="badge text-bg-success">Esta sesión</span>
                ) : (
                  <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onEnd(s)}>
                    Cerrar<span className="visually-hidden"> la sesión iniciada el {formatInstant(s.createdAt)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
