import { roleMessages } from '@gym/contracts/roles';
import { usePageTitle } from '@/components/use-page-title';
import { useAuth } from '../../auth';
import { ChangePasswordForm } from '../components/change-password-form';

/** Shown instead of any admin screen while the account holds a temporary password. */
export function ChangePasswordPage() {
  usePageTitle('Cambiá tu contraseña');
  const { passwordChanged } = useAuth();
  return (
    <section>
      <h1 className="h3 mb-3">Cambiá tu contraseña</h1>
      <p className="text-body-secondary">{roleMessages.mustChangePassword}</p>
      <ChangePasswordForm onChanged={passwordChanged} />
    </section>
  );
}
