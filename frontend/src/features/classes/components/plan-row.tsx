import { Field, Formik, type FormikHelpers } from 'formik';
import {
  CLASS_DISCIPLINES,
  classSetupMessages as cs,
  disciplineLabels,
  planDisciplinesSchema,
  type ClassSetup,
} from '@gym/contracts/classes';
import { changing } from '@/api/server-state';
import { showFailure } from '@/components/show-failure';
import { savePlanClasses } from '../api/classes-api';
import { CompactField } from './compact-field';
import { sent } from './sent-body';
import { notify } from '@/components/notices';

interface PlanValues {
  disciplines: string[];
  /** Empty: the plan follows the rule's weekly limit (null to the API). */
  weeklyLimit: number | '';
}

/** Which classes a plan includes, and its own weekly limit if it has one. */
export function PlanRow({ plan }: { plan: ClassSetup['plans'][number] }) {
  const submit = async (values: PlanValues, helpers: FormikHelpers<PlanValues>) => {
    const { disciplines, weeklyLimit } = sent(planDisciplinesSchema, values);
    try {
      await changing(['classes'], savePlanClasses(plan.idPlan, disciplines, weeklyLimit));
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'No se pudo guardar el plan')).fields);
      return;
    }
    notify(cs.planSaved);
  };
  const initialValues: PlanValues = { disciplines: plan.disciplines, weeklyLimit: plan.weeklyLimit ?? '' };
  return (
    <Formik<PlanValues> initialValues={initialValues} validationSchema={planDisciplinesSchema} onSubmit={submit}>
      {({ isSubmitting, submitForm }) => (
        <tr>
          <td>{plan.nombrePlan}</td>
          <td>
            {CLASS_DISCIPLINES.map((d) => (
              <label key={d} className="me-3">
                <Field type="checkbox" name="disciplines" value={d} className="form-check-input me-2" />
                {disciplineLabels[d]}
              </label>
            ))}
          </td>
          <td style={{ width: '7rem' }}>
            <CompactField
              name="weeklyLimit"
              label={`Clases por semana de ${plan.nombrePlan}`}
              type="number"
              step={1}
              placeholder="regla"
            />
          </td>
          <td>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={isSubmitting}
              onClick={() => void submitForm()}
            >
              Guardar
            </button>
          </td>
        </tr>
      )}
    </Formik>
  );
}
