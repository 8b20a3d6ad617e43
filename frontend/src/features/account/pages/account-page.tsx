import { formatInstant } from '@gym/contracts/format-dates';
import { formatIp } from '@/lib/user-agent';
import { loginOutcomeLabels } from '@gym/contracts/accounts';
import { roleLabels } from '@gym/contracts/roles';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { useAuth } from '../../auth';
import { endSession, listLoginEvents, listSessions } from '../api/account-api';
import { ChangePasswordForm } from '../components/change-password-form';
import { SessionsTable } from '../components/sessions-table';

/** /admin/cuenta: every staff member's own password, open sessions and latest logins. */
export default function AccountPage() {
  usePageTitle('Mi cuenta');
  const { state } = useAuth();
  const sessions = useResource(['account', 'sessions'], listSessions);
  const events = useResource(['account', 'logins'], listLoginEvents);
  const end = async (id: string) => {
    try {
      await endSession(id);
    } catch (err) {
      await showFailure(err);
    }
  };
  return (
    <section>
      <h1 className="h3 mb-1">Mi cuenta</h1>
      {state.user && (
        <p className="text-body-secondary">
          {state.user.email} · {roleLabels[state.user.role]}
        </p>
      )}
      <h2 className="h5 mt-4">Cambiar contraseña</h2>
      <ChangePasswordForm />
      <h2 className="h5 mt-5">Sesiones abiertas</h2>
      {sessions.status === 'loading' && <Loading label="Cargando sesiones…" />}
      {sessions.status === 'error' && <ErrorState message={sessions.error.message} onRetry={sessions.reload} />}
      {sessions.status === 'ready' && <SessionsTable sessions={sessions.data} onEnd={(s) => void end(s.id)} />}
      <h2 className="h5 mt-5">Últimos ingresos</h2>
      {events.status === 'loading' && <Loading label="Cargando ingresos…" />}
      {events.status === 'error' && <ErrorState message={events.error.message} onRetry={events.reload} />}
      {events.status === 'ready' && (
        <ul className="list-group" aria-label="Últimos ingresos">
          {events.data.map((e, i) => (
            <li key={i} className="list-group-item d-flex justify-content-between flex-wrap gap-2">
              <span>{loginOutcomeLabels[e.outcome]}</span>
              <span className="text-body-secondary small">
                {formatInstant(e.at)} · {formatIp(e.ip)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
