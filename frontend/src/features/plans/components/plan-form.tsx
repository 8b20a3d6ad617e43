import { Form, Formik, type FormikHelpers } from 'formik';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_LIMITS as L, planMessages, planSchema, type Plan } from '@gym/contracts/plans';
import type * as yup from 'yup';
import { moneyInputText, typedCentavos, withTypedMoney } from '@gym/contracts/money-input';
import { toCentavos, type Centavos } from '@gym/contracts/money';
import { FormField } from '@/components/form-field';
import { MoneyField } from '@/components/money-input';
import { TextareaField } from '@/components/textarea-field';
import { paths } from '@/config/paths';
import type { PlanFields } from '../api/plans-api';

export interface PlanFormValues {
  idPlan: number | '';
  nombrePlan: string;
  description: string;
  /** Both amounts as typed ("28.000,50"); the API gets `precio` in pesos, the fee in centavos. */
  precio: string;
  cuotaMensualCentavos: string;
}

export const emptyPlan = (idPlan: number | '' = ''): PlanFormValues => ({
  idPlan,
  nombrePlan: '',
  description: '',
  precio: '',
  cuotaMensualCentavos: '',
});

export const toPlanFormValues = ({
  idPlan,
  nombrePlan,
  description,
  precio,
  cuotaMensualCentavos,
}: Plan): PlanFormValues => ({
  idPlan,
  nombrePlan,
  description,
  precio: moneyInputText(toCentavos(precio)),
  cuotaMensualCentavos: moneyInputText(cuotaMensualCentavos),
});

/** The API's plan schema, reading both amounts as they are typed. */
const planFormSchema = withTypedMoney(planSchema, 'precio').shape({
  cuotaMensualCentavos: typedCentavos(
    planSchema.fields.cuotaMensualCentavos as yup.NumberSchema<Centavos | undefined>,
  ).required(planMessages.cuotaRequired),
});

export function toPlanFields(values: PlanFormValues): PlanFields {
  const fields = planFormSchema.validateSync(values, { stripUnknown: true });
  const { idPlan, nombrePlan, description, precio, cuotaMensualCentavos } = fields;
  return { idPlan, nombrePlan, description, precio, cuotaMensualCentavos };
}

interface PlanFormProps {
  initialValues: PlanFormValues;
  submitLabel: string;
  onSubmit: (fields: PlanFields, helpers: FormikHelpers<PlanFormValues>) => Promise<void>;
}

/** SPEC §5 plan rules as native constraints and as the contracts schema; name and description in upper case. */
export function PlanForm({ initialValues, submitLabel, onSubmit }: PlanFormProps) {
  return (
    <Formik<PlanFormValues>
      initialValues={initialValues}
      validationSchema={planFormSchema}
      onSubmit={(values, helpers) => onSubmit(toPlanFields(values), helpers)}
    >
      {({ isSubmitting, setFieldValue }) => {
        const upper = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          const { target } = event;
          const [start, end] = [target.selectionStart, target.selectionEnd];
          void setFieldValue(target.name, target.value.toUpperCase());
          // React moves the caret to the end when the value it renders differs from what was typed
          requestAnimationFrame(() => target.setSelectionRange(start, end));
        };
        return (
          <Form noValidate className="card card-body" style={{ maxWidth: '36rem' }}>
            <FormField
              name="idPlan"
              label="Número de plan"
              type="number"
              min={L.idPlan.min}
              max={L.idPlan.max}
              step={1}
              required
            />
            <FormField
              name="nombrePlan"
              label="Nombre del plan"
              counter={L.nombrePlan.max}
              autoComplete="off"
              onChange={upper}
              required
            />
            <TextareaField
              name="description"
              label="Descripción"
              rows={2}
              counter={L.description.max}
              onChange={upper}
              required
            />
            <MoneyField name="precio" label="Precio por hora" required />
            <MoneyField
              name="cuotaMensualCentavos"
              label="Cuota mensual ($)"
              hint="Lo que se cobra por mes en recepción (el precio por hora es otro)."
              required
            />
            <div className="d-flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {submitLabel}
              </button>
              <Link to={paths.admin.plans} className="btn btn-outline-secondary">
                Volver
              </Link>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}
