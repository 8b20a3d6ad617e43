import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { CLIENT_LIMITS as L, clientSchema, type Client } from '@gym/contracts/clients';
import { formatPlanNumber, type Plan } from '@gym/contracts/plans';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import type { ClientFields } from '../api/clients-api';

export interface ClientFormValues {
  nombre: string;
  edad: number | '';
  correo: string;
  celular: number | '';
  plan: string;
}

export const emptyClient: ClientFormValues = { nombre: '', edad: '', correo: '', celular: '', plan: '' };

export const toClientFormValues = (client: Client): ClientFormValues => ({
  nombre: client.nombre,
  edad: client.edad,
  correo: client.correo,
  celular: client.celular,
  plan: String(client.plan),
});

export function toClientFields(values: ClientFormValues): ClientFields {
  const { nombre, edad, correo, celular, plan } = clientSchema.validateSync(values, { stripUnknown: true });
  return { nombre, edad, correo, celular, plan };
}

const planOptions = (plans: Plan[]) =>
  plans.map((plan) => ({ value: String(plan.idPlan), label: `${formatPlanNumber(plan.idPlan)} · ${plan.nombrePlan}` }));

interface ClientFormProps {
  initialValues: ClientFormValues;
  plans: Plan[];
  submitLabel: string;
  /** Shown beside the submit button (Volver). */
  back: ReactNode;
  onSubmit: (fields: ClientFields, helpers: FormikHelpers<ClientFormValues>) => Promise<void>;
}

/**
 * SPEC §5 client rules twice: as native constraints on the inputs (the browser and assistive
 * technology know them) and as the contracts schema, whose Spanish messages are the ones shown.
 */
export function ClientForm({ initialValues, plans, submitLabel, back, onSubmit }: ClientFormProps) {
  return (
    <Formik<ClientFormValues>
      initialValues={initialValues}
      validationSchema={clientSchema}
      onSubmit={(values, helpers) => onSubmit(toClientFields(values), helpers)}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="card card-body" style={{ maxWidth: '36rem' }}>
          <FormField
            name="nombre"
            label="Nombre y apellido"
            autoComplete="off"
            minLength={L.nombre.min}
            counter={L.nombre.max}
            required
          />
          <FormField name="edad" label="Edad" type="number" min={L.edad.min} max={L.edad.max} step={1} required />
          <FormField
            name="correo"
            label="Email"
            type="email"
            autoComplete="off"
            minLength={L.correo.min}
            counter={L.correo.max}
            required
          />
          <FormField
            name="celular"
            label="Celular"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{10,12}"
            required
          />
          <SelectField name="plan" label="Plan" options={planOptions(plans)} placeholder="Elegí un plan" required />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {submitLabel}
            </button>
            {back}
          </div>
        </Form>
      )}
    </Formik>
  );
}
