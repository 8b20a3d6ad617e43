import { useState } from 'react';
import { roleLabels, type Role } from '@gym/contracts/roles';
import type { StaffUserRow } from '@gym/contracts/accounts';
import { confirmAction } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { changeRole, getStaff, resetPassword, setActive } from '../api/get-staff';
import { StaffTable } from '../components/staff-table';
import { TemporaryPassword, type IssuedPassword } from '../components/temporary-password';

/** SPEC §2 /admin/users, for the owner: role, state and last login of each account, and their actions. */
export default function StaffPage() {
  usePageTitle('Lista de administradores');
  const staff = useResource(['staff'], getStaff);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      await showFailure(err);
      staff.reload();
    }
  };
  const onRole = (user: StaffUserRow, role: Role) =>
    run(async () => {
      const ok = await confirmAction({
        title: `¿Cambiar el rol de ${user.email} a ${roleLabels[role]}?`,
        confirmText: 'Sí, cambiar',
        cancelText: 'Cancelar',
      });
      if (ok) await changeRole(user._id, role);
    });
  const onActive = (user: StaffUserRow, active: boolean) =>
    run(async () => {
      const ok = await confirmAction({
        title: active ? `¿Activar la cuenta de ${user.email}?` : `¿Desactivar la cuenta de ${user.email}?`,
        text: active ? undefined : 'Se cierran todas sus sesiones y no puede volver a ingresar.',
        confirmText: active ? 'Sí, activar' : 'Sí, desactivar',
        cancelText: 'Cancelar',
        danger: !active,
      });
      if (ok) await setActive(user._id, active);
    });
  const onReset = (user: StaffUserRow) =>
    run(async () => {
      const ok = await confirmAction({
        title: `¿Restablecer la contraseña de ${user.email}?`,
        text: 'Se cierran sus sesiones y le damos una contraseña temporal que tendrá que cambiar al ingresar.',
        confirmText: 'Sí, restablecer',
        cancelText: 'Cancelar',
        danger: true,
      });
      if (!ok) return;
      const { temporaryPassword } = await resetPassword(user._id);
      setIssued({ email: user.email, password: temporaryPassword });
    });

  return (
    <section>
      <h1 className="h3 mb-4">Lista de administradores</h1>
      {issued && <TemporaryPassword issued={issued} onClose={() => setIssued(null)} />}
      {staff.status === 'loading' && <Loading label="Cargando administradores…" />}
      {staff.status === 'error' && <ErrorState message={staff.error.message} onRetry={staff.reload} />}
      {staff.status === 'ready' &&
        (staff.data.length > 0 ? (
          <StaffTable users={staff.data} actions={{ onRole, onActive, onReset }} />
        ) : (
          <EmptyState>Todavía no hay administradores.</EmptyState>
        ))}
    </section>
  );
}
