import { Form, Formik } from 'formik';
import { aptoSchema, type Membership } from '@gym/contracts/memberships';
import { formatDate } from '@gym/contracts/membership-dates';
import { FormField } from '@/components/form-field';
import { AptoFlag } from './state-badge';

interface AptoFormProps {
  membership: Membership | null;
  onSave: (fields: { fecha: string; vence: string }) => Promise<boolean>;
}

/** The medical clearance: valid a year from its date unless another due date is written. */
export function AptoForm({ membership, onSave }: AptoFormProps) {
  return (
    <>
      <p className="mb-2">
        {membership?.aptoFecha ? (
          <>
            Apto físico del {formatDate(membership.aptoFecha)}, vigente hasta el {formatDate(membership.aptoVence)}
            .{' '}
          </>
        ) : (
          'No hay apto físico cargado. '
        )}
        <AptoFlag valid={membership?.aptoValido ?? false} />
      </p>
      <Formik
        initialValues={{ fecha: '', vence: '' }}
        validationSchema={aptoSchema}
        onSubmit={async (values, helpers) => {
          if (await onSave(values)) helpers.resetForm();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Apto físico" className="row g-2 align-items-end">
            <div className="col-sm-4">
              <FormField name="fecha" label="Fecha del apto" type="date" />
            </div>
            <div className="col-sm-4">
              <FormField name="vence" label="Vence (opcional, un año por defecto)" type="date" />
            </div>
            <div className="col-sm-4 mb-3">
              <button type="submit" className="btn btn-outline-primary w-100" disabled={isSubmitting}>
                Guardar apto físico
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
