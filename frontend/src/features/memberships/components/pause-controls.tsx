import { Form, Formik } from 'formik';
import { formatDate } from '@gym/contracts/membership-dates';
import { pauseSchema, type Membership } from '@gym/contracts/memberships';
import { FormField } from '@/components/form-field';

interface PauseControlsProps {
  membership: Membership;
  onPause: (motivo: string) => Promise<boolean>;
  onResume: () => Promise<void>;
}

/** Pause for an injury or a trip; on resume every paused day is added to paid-until. */
export function PauseControls({ membership, onPause, onResume }: PauseControlsProps) {
  if (membership.pausedSince) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-3">
        <span>Pausada desde el {formatDate(membership.pausedSince)}.</span>
        <button type="button" className="btn btn-outline-primary" onClick={() => void onResume()}>
          Reanudar membresía
        </button>
      </div>
    );
  }
  return (
    <Formik
      initialValues={{ motivo: '' }}
      validationSchema={pauseSchema}
      onSubmit={async ({ motivo }, helpers) => {
        if (await onPause(motivo)) helpers.resetForm();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Pausar membresía" className="row g-2 align-items-end">
          <div className="col-sm-8">
            <FormField name="motivo" label="Motivo de la pausa (lesión, viaje…)" maxLength={100} />
          </div>
          <div className="col-sm-4 mb-3">
            <button type="submit" className="btn btn-outline-primary w-100" disabled={isSubmitting}>
              Pausar membresía
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
