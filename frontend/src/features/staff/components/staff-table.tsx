import './staff-table.css';
import { formatInstant } from '@gym/contracts/format-dates';
import { ROLES, roleLabels, type Role } from '@gym/contracts/roles';
import type { StaffUserRow } from '@gym/contracts/accounts';

/**
 * SPEC §2 keeps the id and contraseña columns; both stay narrow so names, e-mails and roles read whole
 * at 1366 px: the id as its first 8 characters (the whole one on hover), the password as a mask
 * (hashed on the server and never sent, DESIGN 1).
 */
export const PASSWORD_MASK = '••••••••';

export interface StaffActions {
  onRole: (user: StaffUserRow, role: Role) => void | Promise<void>;
  onActive: (user: StaffUserRow, active: boolean) => void | Promise<void>;
  onReset: (user: StaffUserRow) => void | Promise<void>;
}

export function StaffTable({ users, actions }: { users: StaffUserRow[]; actions: StaffActions }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle table-stack">
        <caption className="visually-hidden">Cuentas del staff</caption>
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">Nombre</th>
            <th scope="col">Apellido</th>
            <th scope="col">email</th>
            <th scope="col">contraseña</th>
            <th scope="col">Rol</th>
            <th scope="col">Estado</th>
            <th scope="col">Último ingreso</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td data-label="id" className="text-nowrap">
                <code className="small" title={user._id}>
                  {user._id.slice(0, 8)}
                </code>
              </td>
              <td data-label="Nombre">{user.name}</td>
              <td data-label="Apellido">{user.lastname}</td>
              <td data-label="email" className="staff-email">
                {user.email}
              </td>
              <td data-label="contraseña" className="text-nowrap">
                <span aria-hidden="true">{PASSWORD_MASK}</span>
                <span className="visually-hidden">oculta</span>
              </td>
              <td data-label="Rol">
                <select
                  className="form-select form-select-sm staff-role"
                  aria-label={`Rol de ${user.email}`}
                  value={user.role}
                  onChange={(e) => actions.onRole(user, e.target.value as Role)}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleLabels[role]}
                    </option>
                  ))}
                </select>
              </td>
              <td data-label="Estado">
                <span className={`badge ${user.activo ? 'text-bg-success' : 'text-bg-secondary'}`}>
                  {user.activo ? 'activa' : 'desactivada'}
                </span>
              </td>
              <td data-label="Último ingreso" className="text-nowrap">
                {user.lastLoginAt ? formatInstant(user.lastLoginAt) : 'nunca'}
              </td>
              <td data-label="Acciones">
                <div className="d-flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={`btn btn-sm text-nowrap ${user.activo ? 'btn-outline-danger' : 'btn-outline-success'}`}
                    onClick={() => actions.onActive(user, !user.activo)}
                  >
                    {user.activo ? 'Desactivar' : 'Activar'}
                    <span className="visually-hidden"> {user.email}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary text-nowrap"
                    onClick={() => actions.onReset(user)}
                  >
                    Restablecer contraseña<span className="visually-hidden"> de {user.email}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
