import { Form, Formik, type FormikHelpers } from 'formik';
import { classCancelSchema } from '@gym/contracts/classes';
import { formatDay } from '@gym/contracts/format-dates';
import { changing } from '@/api/server-state';
import { confirmAction } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { suspendDay } from '../api/classes-api';
import { CompactField } from './compact-field';
import { sent } from './sent-body';
import { notify } from '@/components/notices';

interface SuspendValues {
  motivo: string;
}

/** A holiday: every class of the chosen day still to start is suspended at once, the booked told. */
export function SuspendDayForm({ day }: { day: string }) {
  const submit = async (values: SuspendValues, helpers: FormikHelpers<SuspendValues>) => {
    const { motivo } = sent(classCancelSchema, values);
    const sure = await confirmAction({
      icon: 'warning',
      title: `¿Suspender todas las clases del ${formatDay(day)}?`,
      text: 'A quienes tienen lugar o están en espera les avisamos por e-mail.',
      confirmText: 'Sí, suspender',
      cancelText: 'No',
      danger: true,
    });
    if (!sure) return;
    let message: string;
    try {
      ({ message } = await changing(['classes'], suspendDay(day, motivo)));
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'No se pudieron suspender las clases')).fields);
      return;
    }
    helpers.resetForm();
    notify(message);
  };
  return (
    <Formik<SuspendValues> initialValues={{ motivo: '' }} validationSchema={classCancelSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        // On a card: the outline button's red reads at 4.5:1 on white, not on the page's grey. The
        // reason takes the card's width and the button goes under it: side by side, both were cut.
        <Form noValidate className="card card-body d-flex flex-row flex-wrap gap-2 mt-3">
          <div className="w-100">
            <CompactField
              name="motivo"
              label="Motivo para suspender todas las clases del día"
              placeholder="Motivo (p. ej. Feriado)"
            />
          </div>
          <button type="submit" className="btn btn-sm btn-outline-danger text-nowrap" disabled={isSubmitting}>
            Suspender todas las clases del día
          </button>
        </Form>
      )}
    </Formik>
  );
}
