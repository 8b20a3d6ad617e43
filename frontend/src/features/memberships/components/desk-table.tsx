import { Link } from 'react-router-dom';
import { formatDate } from '@gym/contracts/membership-dates';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import type { MembershipRow } from '@gym/contracts/memberships';
import { paths } from '@/config/paths';
import { AptoFlag, StateBadge } from './state-badge';

interface DeskTableProps {
  rows: MembershipRow[];
  selected: Set<string>;
  onToggle: (idUsuario: string) => void;
  onToggleAll: () => void;
}

/**
 * One row per client, selectable for reminders, with when each was last reminded and how; on a
 * phone each cell carries its label (table-stack).
 */
export function DeskTable({ rows, selected, onToggle, onToggleAll }: DeskTableProps) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.idUsuario));
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle table-stack">
        <caption className="visually-hidden">Membresías</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                className="form-check-input"
                checked={all}
                onChange={onToggleAll}
                aria-label="Elegir todos los de esta página"
              />
            </th>
            <th scope="col">Cliente</th>
            <th scope="col">Plan</th>
            <th scope="col">Estado</th>
            <th scope="col">Vence el</th>
            <th scope="col">Apto físico</th>
            <th scope="col">Celular</th>
            <th scope="col">Último recordatorio</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.idUsuario}>
              <td data-label="Elegir">
                <input
                  type="checkbox"
                  className="form-check-input"
                  checked={selected.has(r.idUsuario)}
                  onChange={() => onToggle(r.idUsuario)}
                  aria-label={`Elegir a ${r.nombre}`}
                />
              </td>
              <td data-label="Cliente">
                <Link to={paths.admin.editClient(r.idUsuario)}>{r.nombre}</Link>
                <div className="small text-body-secondary text-break">{r.correo}</div>
              </td>
              <td data-label="Plan">{r.nombrePlan}</td>
              <td data-label="Estado">
                <StateBadge state={r.state} />
              </td>
              <td data-label="Vence el">{formatDay(r.paidUntil)}</td>
              <td data-label="Apto físico">
                {r.aptoValido ? `hasta ${formatDate(r.aptoVence)}` : <AptoFlag valid={false} />}
              </td>
              <td data-label="Celular">{r.celular}</td>
              <td data-label="Último recordatorio">
                {r.lastReminder
                  ? `${formatInstant(r.lastReminder.at)} ${r.lastReminder.channel === 'email' ? 'por e-mail' : 'por WhatsApp'}`
                  : 'Nunca'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
