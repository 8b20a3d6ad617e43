import { Form, Formik, type FormikHelpers } from 'formik';
import { classCancelSchema } from '@gym/contracts/classes';
import { CompactField } from './compact-field';
import { sent } from './sent-body';

interface SuspendValues {
  motivo: string;
}

/**
 * One class suspended with a reason (SessionPanel): the shared schema reads the reason, so an empty
 * or too short one is said under the field and nothing is sent. `onSuspend` answers whether it went.
 */
export function SuspendSessionForm({ onSuspend }: { onSuspend: (motivo: string) => Promise<boolean> }) {
  const submit = async (values: SuspendValues, helpers: FormikHelpers<SuspendValues>) => {
    const { motivo } = sent(classCancelSchema, values);
    if (await onSuspend(motivo)) helpers.resetForm();
  };
  return (
    <Formik<SuspendValues> initialValues={{ motivo: '' }} validationSchema={classCancelSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="d-flex flex-wrap gap-2" aria-label="Suspender la clase">
          <div className="flex-grow-1">
            <CompactField name="motivo" label="Motivo de la suspensión" placeholder="Motivo (p. ej. Feriado)" />
          </div>
          <button type="submit" className="btn btn-sm btn-outline-danger text-nowrap" disabled={isSubmitting}>
            Suspender la clase
          </button>
        </Form>
      )}
    </Formik>
  );
}
