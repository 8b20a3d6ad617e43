import type { FormikHelpers } from 'formik';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_PLANS, planMessages as m, type Plan } from '@gym/contracts/plans';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { addPlan, listPlans, type PlanFields } from '../api/plans-api';
import { emptyPlan, PlanForm, type PlanFormValues } from '../components/plan-form';
import { notify } from '@/components/notices';

/** The lowest plan number nobody uses yet, as a suggestion. */
const firstFreeNumber = (plans: Plan[]): number | '' => {
  const taken = new Set(plans.map((plan) => plan.idPlan));
  return Array.from({ length: MAX_PLANS }, (_, i) => i + 1).find((n) => !taken.has(n)) ?? '';
};

/** /agregarplan: back to /planes with the spec's message ('Usuario agregado exitosamente') or the API's reason. */
export default function AddPlanPage() {
  usePageTitle('Agregar plan');
  const navigate = useNavigate();
  const plans = useResource(['plans', 'list'], listPlans);

  const submit = async (fields: PlanFields, helpers: FormikHelpers<PlanFormValues>) => {
    try {
      await addPlan(fields);
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'El plan no se agregó')).fields);
      return;
    }
    notify(m.added);
    void navigate(paths.admin.plans);
  };

  return (
    <section>
      <h1 className="h3 mb-4">Agregar plan</h1>
      {plans.status === 'loading' && <Loading label="Cargando planes…" />}
      {plans.status === 'error' && <ErrorState message={plans.error.message} onRetry={plans.reload} />}
      {plans.status === 'ready' &&
        (plans.data.length >= MAX_PLANS ? (
          <>
            <div className="alert alert-warning" role="status">
              {m.full}
            </div>
            <Link to={paths.admin.plans} className="btn btn-outline-secondary">
              Volver
            </Link>
          </>
        ) : (
          <PlanForm initialValues={emptyPlan(firstFreeNumber(plans.data))} submitLabel="Guardar" onSubmit={submit} />
        ))}
    </section>
  );
}
