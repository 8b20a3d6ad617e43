import { EmptyState, ErrorState, Loading } from '../../../components/status';
import { usePageTitle } from '../../../components/use-page-title';
import { useResource } from '../../../hooks/use-resource';
import { getStaff } from '../api/get-staff';
import { StaffTable } from '../components/staff-table';

/** SPEC §2 /admin/users: loaded once on arrival (DESIGN 8), not in a refetch loop. */
export default function StaffPage() {
  usePageTitle('Lista de administradores');
  const staff = useResource((signal) => getStaff(signal), []);
  return (
    <section>
      <h1 className="h3 mb-4">Lista de administradores</h1>
      {staff.status === 'loading' && <Loading label="Cargando administradores…" />}
      {staff.status === 'error' && <ErrorState message={staff.error.message} onRetry={staff.reload} />}
      {staff.status === 'ready' &&
        (staff.data.length > 0 ? (
          <StaffTable users={staff.data} />
        ) : (
          <EmptyState>Todavía no hay administradores.</EmptyState>
        ))}
    </section>
  );
}
