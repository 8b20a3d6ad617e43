import { Form, Formik, type FormikHelpers } from 'formik';
import { classRulesSchema, classSetupMessages as cs, type ClassRules } from '@gym/contracts/classes';
import { changing } from '@/api/server-state';
import { FormField } from '@/components/form-field';
import { showFailure } from '@/components/show-failure';
import { saveRules } from '../api/classes-api';
import { sent } from './sent-body';
import { notify } from '@/components/notices';

type RulesValues = Record<keyof ClassRules, number | ''>;

const FIELDS: [keyof ClassRules, string][] = [
  ['daysAhead', 'Las reservas abren (días antes)'],
  ['freeCancelHours', 'Cancelación sin costo (horas antes)'],
  ['weeklyLimit', 'Clases por semana (si el plan no dice)'],
];

/** The booking rules, each a whole number the shared schema bounds; an emptied one is refused, never 0. */
export function RulesForm({ rules }: { rules: ClassRules }) {
  const submit = async (values: RulesValues, helpers: FormikHelpers<RulesValues>) => {
    const { daysAhead, freeCancelHours, weeklyLimit } = sent(classRulesSchema, values);
    try {
      await changing(['classes'], saveRules({ daysAhead, freeCancelHours, weeklyLimit }));
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'No se pudieron guardar las reglas')).fields);
      return;
    }
    notify(cs.rulesSaved);
  };
  return (
    <Formik<RulesValues> initialValues={rules} validationSchema={classRulesSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Reglas de reserva" className="row g-2 align-items-end mb-4">
          {FIELDS.map(([name, label]) => (
            <div key={name} className="col-sm-4">
              <FormField name={name} label={label} type="number" step={1} />
            </div>
          ))}
          <div className="col-12">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              Guardar reglas
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
