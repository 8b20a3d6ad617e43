import { Link } from 'react-router-dom';
import { formatPlanNumber } from '@gym/contracts/plans';
import type { Client } from '@gym/contracts/clients';
import type { ClientStatus } from '@gym/contracts/memberships';
import { paths } from '@/config/paths';
import type { ClientListExtras } from '../api/clients-api';
import { BreakableEmail } from './breakable-email';

interface ClientTableProps {
  clients: Client[];
  /** Plan names and membership states; absent while loading, and then the cells say less. */
  extras?: ClientListExtras;
  /** Absent for a role that may only read: no edit or delete buttons then. */
  onDelete?: (client: Client) => void;
}

/** SPEC §2 /listadeusuarios columns; each action names its client for assistive technology. */
export function ClientTable({ clients, extras, onDelete }: ClientTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle table-stack">
        <caption className="visually-hidden">Usuarios del gimnasio</caption>
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Nombre y apellido</th>
            <th scope="col">Edad</th>
            <th scope="col">Email</th>
            <th scope="col">Celular</th>
            <th scope="col">Plan</th>
            <th scope="col">Membresía y apto</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client.idUsuario}>
              <td data-label="Código">
                <code className="small">{client.idUsuario}</code>
              </td>
              <td data-label="Nombre y apellido">{client.nombre}</td>
              <td data-label="Edad">{client.edad}</td>
              <td data-label="Email">
                <BreakableEmail email={client.correo} />
              </td>
              <td data-label="Celular">{client.celular}</td>
              <td data-label="Plan" className="text-nowrap">
                {planLabel(client.plan, extras?.planNames.get(client.plan))}
              </td>
              <td data-label="Membresía y apto">
                <MembershipCell status={extras?.statuses.get(client.idUsuario)} />
              </td>
              <td>
                <div className="d-flex flex-wrap gap-1">
                  <Link to={paths.admin.viewClient(client.idUsuario)} className="btn btn-outline-dark btn-sm">
                    Ver<span className="visually-hidden"> a {client.nombre}</span>
                  </Link>
                  <Link to={paths.admin.chatWith(client.idUsuario)} className="btn btn-outline-primary btn-sm">
                    Mensaje<span className="visually-hidden"> a {client.nombre}</span>
                  </Link>
                  {onDelete && (
                    <>
                      <Link to={paths.admin.editClient(client.idUsuario)} className="btn btn-outline-secondary btn-sm">
                        Editar<span className="visually-hidden"> a {client.nombre}</span>
                      </Link>
                      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onDelete(client)}>
                        Borrar<span className="visually-hidden"> a {client.nombre}</span>
                      </button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "002 · Yoga": the number the spec lists, and the name people know the plan by. */
export const planLabel = (idPlan: number, name?: string) =>
  name ? `${formatPlanNumber(idPlan)} · ${name}` : formatPlanNumber(idPlan);

const STATUS_BADGE: Record<ClientStatus['membresia'], string> = {
  'al día': 'text-bg-success',
  vencida: 'text-bg-danger',
  pausada: 'text-bg-secondary',
  'sin membresía': 'text-bg-light border',
};

/** Read-only for every role: is the membership current, is the apto físico valid. */
export function MembershipCell({ status }: { status?: ClientStatus }) {
  if (!status) return <span className="text-body-secondary">—</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <span className={`badge ${STATUS_BADGE[status.membresia]}`}>{status.membresia}</span>
      <span className={`badge ${status.aptoValido ? 'text-bg-success' : 'text-bg-warning'}`}>
        {status.aptoValido ? 'apto vigente' : 'sin apto vigente'}
      </span>
    </span>
  );
}
