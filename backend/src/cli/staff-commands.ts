import type { Knex } from 'knex';
import { DomainError } from '../shared/errors';
import { runWithContext } from '../shared/request-context';
import type { Clock } from '../clock';
import { staffAdministration } from '../modules/accounts';
import type { PasswordHasher } from '../modules/accounts/password';

export interface CliDeps {
  db: Knex;
  hasher: PasswordHasher;
  clock: Clock;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const CLI_USAGE = `Uso:
  node backend/dist/cli.js staff:reset-password EMAIL   contraseña temporal (se muestra una vez; se cambia al ingresar) y cierra sus sesiones
  node backend/dist/cli.js staff:disable EMAIL          desactiva la cuenta y cierra sus sesiones (nunca el último dueño activo)`;

/** The operator's staff commands: the same service and audit rows as the owner's screen, actor "cli". */
export async function runStaffCommand(argv: string[], deps: CliDeps): Promise<number> {
  const [command, email] = argv;
  if (!command || !email || !['staff:reset-password', 'staff:disable'].includes(command)) {
    deps.err(CLI_USAGE);
    return 2;
  }
  const staff = staffAdministration(deps);
  const context = { requestId: `cli:${command}`, ip: 'local' };
  try {
    await runWithContext(context, async () => {
      const id = await staff.idByEmail(email);
      if (command === 'staff:disable') {
        await staff.disable(id);
        deps.out(`Cuenta ${email} desactivada; sus sesiones se cerraron.`);
        return;
      }
      const { temporaryPassword } = await staff.resetPassword(id);
      deps.out(`Contraseña temporal de ${email} (se muestra una sola vez; hay que cambiarla al ingresar):`);
      deps.out(temporaryPassword);
    });
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.err(`${error.message} (${email})`);
    return 1;
  }
}
