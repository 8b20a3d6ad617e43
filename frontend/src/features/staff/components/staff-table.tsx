import type { StaffAccount } from '@gym/contracts';

/** Passwords are hashed on the server and never sent (DESIGN 1): the column shows a mask. */
export const PASSWORD_MASK = '••••••••';

export function StaffTable({ users }: { users: StaffAccount[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle">
        <caption className="visually-hidden">Cuentas del staff</caption>
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">Nombre</th>
            <th scope="col">Apellido</th>
            <th scope="col">email</th>
            <th scope="col">contraseña</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td>
                <code className="small text-break">{user._id}</code>
              </td>
              <td>{user.name}</td>
              <td>{user.lastname}</td>
              <td className="text-break">{user.email}</td>
              <td>
                <span aria-hidden="true">{PASSWORD_MASK}</span>
                <span className="visually-hidden">oculta</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
