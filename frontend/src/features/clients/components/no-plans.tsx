import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** A client needs a plan: with none, the way to create one. */
export function NoPlans() {
  return (
    <div className="alert alert-warning" role="status">
      Todavía no hay planes para asignar.{' '}
      <Link to={paths.admin.addPlan} className="alert-link">
        Agregá un plan
      </Link>{' '}
      antes de cargar usuarios.
    </div>
  );
}
