import type { FormikHelpers } from 'formik';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { planMessages as m } from '@gym/contracts/plans';
import { toApiFailure } from '@/api/client';
import { offerReload, showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { getPlan, updatePlan, type PlanFields } from '../api/plans-api';
import { PlanForm, toPlanFormValues, type PlanFormValues } from '../components/plan-form';
import { notify } from '@/components/notices';

/**
 * /editarplan/:codigoPlan: prefilled from the server; 'Plan editado Exitosamente' and back to /planes.
 * A save over someone else's newer one is refused (409) and offers to reload.
 */
export default function EditPlanPage() {
  usePageTitle('Editar plan');
  const { codigoPlan = '' } = useParams();
  const navigate = useNavigate();
  const plan = useResource(['plans', 'one', codigoPlan], (signal) => getPlan(codigoPlan, signal));

  const submit = async (fields: PlanFields, helpers: FormikHelpers<PlanFormValues>) => {
    if (plan.status !== 'ready') return;
    try {
      await updatePlan(codigoPlan, fields, plan.data.updatedAt);
    } catch (err) {
      const failure = await toApiFailure(err);
      if (failure.status === 409 && failure.message === m.stale) return offerReload(failure.message, plan.reload);
      helpers.setErrors((await showFailure(err, 'El plan no se editó')).fields);
      return;
    }
    notify(m.edited);
    void navigate(paths.admin.plans);
  };

  return (
    <section>
      <h1 className="h3 mb-4">Editar plan</h1>
      {plan.status === 'loading' && <Loading label="Cargando el plan…" />}
      {plan.status === 'error' && (
        <>
          <ErrorState message={plan.error.message} onRetry={plan.error.status === 404 ? undefined : plan.reload} />
          <Link to={paths.admin.plans} className="btn btn-outline-secondary">
            Volver
          </Link>
        </>
      )}
      {plan.status === 'ready' && (
        <PlanForm
          key={plan.data.updatedAt}
          initialValues={toPlanFormValues(plan.data)}
          submitLabel="Guardar"
          onSubmit={submit}
        />
      )}
    </section>
  );
}
