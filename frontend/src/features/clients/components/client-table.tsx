import { Link } from 'react-router-dom';
import { formatPlanNumber, type Client } from '@gym/contracts';
import { paths } from '../../../config/paths';

interface ClientTableProps {
  clients: Client[];
  /** Absent for a role that may only read: no edit or delete buttons then. */
  onDelete?: (client: Client) => void;
}

/** SPEC §2 /listadeusuarios columns; each action names its client for assistive technology. */
export function ClientTable({ clients, onDelete }: ClientTableProps) {
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
              <td data-label="Email" className="text-break">
                {client.correo}
              </td>
              <td data-label="Celular">{client.celular}</td>
              <td data-label="Plan">{formatPlanNumber(client.plan)}</td>
              <td>
                <div className="d-flex flex-wrap gap-1">
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
