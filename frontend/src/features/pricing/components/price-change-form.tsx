import { Form, Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { formatDay } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import type { Plan } from '@gym/contracts/plans';
import {
  emptyPriceChange,
  needsConfirmation,
  priceChangeFormSchema,
  toPriceChangeInput,
  type PriceChangeFormValues,
} from '../pricing-form';
import {
  PRICE_CHANGE_CATEGORIES,
  PRICE_CHANGE_KINDS,
  priceCategoryLabels,
  type PriceChangeKind,
  type PricePreview,
} from '@gym/contracts/pricing';
import { toApiFailure } from '@/api/client';
import { confirmAction } from '@/components/alerts';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormField } from '@/components/form-field';
import { MoneyField } from '@/components/money-input';
import { notify } from '@/components/notices';
import { SelectField } from '@/components/select-field';
import { ErrorState, Loading } from '@/components/status';
import type { Resource } from '@/hooks/use-resource';
import { createChange, previewChange } from '../api/pricing-api';

export const KIND_LABELS: Record<PriceChangeKind, string> = {
  monto: 'Un monto nuevo',
  porcentaje: 'Un porcentaje',
  ipc: 'La inflación del último mes (IPC)',
};

const ROUNDINGS = [
  { value: '100', label: '$ 1' },
  { value: '1000', label: '$ 10' },
  { value: '10000', label: '$ 100' },
  { value: '100000', label: '$ 1.000' },
];

const CATEGORY_OPTIONS = PRICE_CHANGE_CATEGORIES.map((c) => ({ value: c, label: priceCategoryLabels[c] }));

/** How the price changes: three radios bound to Formik; choosing another empties the value typed. */
function KindField() {
  const [field, , helpers] = useField<PriceChangeKind>('tipo');
  const { setFieldValue } = useFormikContext<PriceChangeFormValues>();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Nuevo precio</legend>
      {PRICE_CHANGE_KINDS.map((k) => (
        <div className="form-check" key={k}>
          <input
            id={`tipo-${k}`}
            type="radio"
            name="tipo"
            className="form-check-input"
            checked={field.value === k}
            onChange={() => {
              void helpers.setValue(k);
              void setFieldValue('valor', '', false);
            }}
          />
          <label className="form-check-label" htmlFor={`tipo-${k}`}>
            {KIND_LABELS[k]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The second confirmation of a percentage over 100, with its message under it. */
function ConfirmField() {
  const [field, meta] = useField({ name: 'confirmado', type: 'checkbox' });
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-msg` : undefined}
        {...field}
      />
      <label className="form-check-label" htmlFor={id}>
        Sí, el aumento es de más del 100 %
      </label>
      {error && (
        <div id={`${id}-msg`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

interface PriceChangeFormProps {
  plans: Resource<Plan[]> & { reload: () => void };
  today: string;
  preview: PricePreview | undefined;
  onPreview: (preview: PricePreview | undefined) => void;
}

/**
 * The owner's form (Formik + the contracts schema): the plans and shop categories, how the price
 * changes, the rounding and the date. Mistakes show under their field; the API's refusal too (its
 * `fields`), and above the buttons.
 */
export function PriceChangeForm({ plans, today, preview, onPreview }: PriceChangeFormProps) {
  const [failure, setFailure] = useState<string>();

  const refused = async (err: unknown, helpers: FormikHelpers<PriceChangeFormValues>) => {
    const reason = await toApiFailure(err);
    setFailure(reason.message);
    helpers.setErrors(reason.fields);
  };

  const submit = async (values: PriceChangeFormValues, helpers: FormikHelpers<PriceChangeFormValues>) => {
    setFailure(undefined);
    try {
      onPreview(await previewChange(toPriceChangeInput(values)));
    } catch (err) {
      await refused(err, helpers);
    }
  };

  return (
    <Formik<PriceChangeFormValues>
      initialValues={emptyPriceChange(today)}
      validationSchema={priceChangeFormSchema}
      onSubmit={submit}
    >
      {(formik) => {
        const { values, isSubmitting, setSubmitting } = formik;
        const schedule = async () => {
          const errors = await formik.validateForm();
          if (Object.keys(errors).length > 0) {
            void formik.setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])), false);
            return;
          }
          const yes = await confirmAction({
            title: '¿Programar el cambio de precio?',
            text: `Desde el ${formatDay(values.fecha)}. Los socios reciben el aviso por e-mail o WhatsApp y lo ven en su portal.`,
            confirmText: 'Programar',
            cancelText: 'Volver',
          });
          if (!yes) return;
          setSubmitting(true);
          setFailure(undefined);
          try {
            const created = await createChange(toPriceChangeInput(values));
            notify(created.estado === 'avisado' ? 'Cambio programado: avisamos a los socios.' : 'Cambio programado.');
            onPreview(undefined);
          } catch (err) {
            await refused(err, formik);
          }
          setSubmitting(false);
        };
        return (
          <Form noValidate className="card mb-4" style={{ maxWidth: '36rem' }} aria-label="Cambio de precio">
            <div className="card-body">
              <h2 className="h5">Programar un cambio</h2>
              {plans.status === 'loading' && <Loading label="Cargando los planes…" />}
              {plans.status === 'error' && <ErrorState message={plans.error.message} onRetry={plans.reload} />}
              {plans.status === 'ready' && (
                <CheckboxGroupField
                  name="planes"
                  legend="Planes"
                  inline={false}
                  options={plans.data.map((p) => ({
                    value: String(p.idPlan),
                    label: `${p.nombrePlan} (${formatMoney(p.cuotaMensualCentavos)} por mes)`,
                  }))}
                />
              )}
              <CheckboxGroupField
                name="categorias"
                legend="Categorías de la tienda (opcional, con un porcentaje o el IPC)"
                options={CATEGORY_OPTIONS}
              />
              <KindField />
              {values.tipo === 'monto' && <MoneyField name="valor" label="Cuota nueva ($)" />}
              {values.tipo === 'porcentaje' && (
                <FormField name="valor" label="Porcentaje (%)" inputMode="decimal" autoComplete="off" />
              )}
              {needsConfirmation(values) && <ConfirmField />}
              {values.tipo !== 'monto' && (
                <SelectField name="redondeoCentavos" label="Redondear a" options={ROUNDINGS} />
              )}
              <FormField name="fecha" label="Desde el" type="date" />
              {failure && (
                <div className="alert alert-danger" role="alert">
                  {failure}
                </div>
              )}
              <div className="d-flex gap-2">
                <button type="submit" className="btn btn-outline-primary" disabled={isSubmitting}>
                  Ver vista previa
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={isSubmitting || !preview}
                  onClick={() => void schedule()}
                >
                  Programar cambio
                </button>
              </div>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}
