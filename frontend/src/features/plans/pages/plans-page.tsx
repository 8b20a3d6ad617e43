import { Link } from 'react-router-dom';
import { MAX_PLANS, formatPlanNumber, planMessages as m, type Plan } from '@gym/contracts/plans';
import { confirmDelete } from '@/components/confirm-delete';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { useCan } from '../../auth/staff';
import { deletePlan, listPlans } from '../api/plans-api';
import { PlanCard } from '../components/plan-card';
import { notify } from '@/components/notices';

export const planDeleteQuestion = (plan: Plan) =>
  `Estas seguro de querer eliminar el plan ${formatPlanNumber(plan.idPlan)} ${plan.nombrePlan} de manera definitiva?`;

/** /planes: up to 9 plans (DESIGN 10: the API refuses a 10th, so 'Agregar Plan' is disabled at 9). */
export default function PlansPage() {
  usePageTitle('Planes');
  const plans = useResource(['plans', 'list'], listPlans);
  const full = plans.status === 'ready' && plans.data.length >= MAX_PLANS;

  const mayEdit = useCan()('planes.editar');
  const remove = async (plan: Plan) => {
    if (!(await confirmDelete(planDeleteQuestion(plan)))) return;
    try {
      await deletePlan(plan.codigoPlan);
    } catch (err) {
      await showFailure(err, 'El plan no se borró');
      plans.reload();
      return;
    }
    notify(m.deleted);
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
        <h1 className="h3 mb-0">Planes</h1>
        {!mayEdit ? null : full || plans.status !== 'ready' ? (
          <button type="button" className="btn btn-primary" disabled aria-describedby="plans-limit">
            Agregar Plan
          </button>
        ) : (
          <Link to={paths.admin.addPlan} className="btn btn-primary" aria-describedby="plans-limit">
            Agregar Plan
          </Link>
        )}
      </div>
      <p id="plans-limit" className="text-body-secondary mb-4">
        {m.maxHint}
        {plans.status === 'ready' && ` (hay ${plans.data.length} de ${MAX_PLANS})`}
      </p>
      {plans.status === 'loading' && <Loading label="Cargando planes…" />}
      {plans.status === 'error' && <ErrorState message={plans.error.message} onRetry={plans.reload} />}
      {plans.status === 'ready' &&
        (plans.data.length > 0 ? (
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
            {plans.data.map((plan) => (
              <div className="col" key={plan.codigoPlan}>
                <PlanCard plan={plan} onDelete={mayEdit ? remove : undefined} />
              </div>
            ))}
          </div>
        ) : (
          <EmptyState>Todavía no hay planes.</EmptyState>
        ))}
    </section>
  );
}
