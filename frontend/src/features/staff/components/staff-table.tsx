import { formatInstant, ROLES, roleLabels, type Role, type StaffUserRow } from '@gym/contracts';

/** Passwords are hashed on the server and never sent (DESIGN 1): the column shows a mask. */
export const PASSWORD_MASK = '••••••••';

export interface StaffActions {
  onRole: (user: StaffUserRow, role: Role) => void;
  onActive: (user: StaffUserRow, active: boolean) => void;
  onReset: (user: StaffUserRow) => void;
}

export function StaffTable({ users, actions }: { users: StaffUserRow[]; actions: StaffActions }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle table-stack">
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
              <td data-label="id">
                <code className="small text-break">{user._id}</code>
              </td>
              <td data-label="Nombre">{user.name}</td>
              <td data-label="Apellido">{user.lastname}</td>
              <td data-label="email" className="text-break">
                {user.email}
              </td>
              <td data-label="contraseña">
                <span aria-hidden="true">{PASSWORD_MASK}</span>
                <span className="visually-hidden">oculta</span>
              </td>
              <td data-label="Rol">
                <select
                  className="form-select form-select-sm"
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
              <td data-label="Último ingreso">{user.lastLoginAt ? formatInstant(user.lastLoginAt) : 'nunca'}</td>
              <td data-label="Acciones">
                <div className="d-flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={`btn btn-sm ${user.activo ? 'btn-outline-danger' : 'btn-outline-success'}`}
                    onClick={() => actions.onActive(user, !user.activo)}
                  >
                    {user.activo ? 'Desactivar' : 'Activar'}
                    <span className="visually-hidden"> {user.email}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
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
