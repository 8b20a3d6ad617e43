import { Form, Formik, useField } from 'formik';
import {
  DELIVERY_LABEL,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  checkoutSchema,
  type CheckoutValues,
  type PaymentMethod,
} from '@gym/contracts/orders';
import { FormField } from '@/components/form-field';

const EMPTY: CheckoutValues = { nombre: '', apellido: '', email: '', celular: '', pago: '' as CheckoutValues['pago'] };

function PaymentChoice({ methods }: { methods: readonly PaymentMethod[] }) {
  const [field, meta] = useField<string>('pago');
  const error = meta.touched ? meta.error : undefined;
  return (
    <fieldset className="mb-3" aria-describedby={error ? 'pago-error' : undefined}>
      <legend className="form-label fs-6">Pago</legend>
      {methods.map((method) => (
        <div className="form-check" key={method}>
          <input
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            type="radio"
            id={`pago-${method}`}
            {...field}
            value={method}
            checked={field.value === method}
          />
          <label className="form-check-label" htmlFor={`pago-${method}`}>
            {PAYMENT_LABELS[method]}
          </label>
        </div>
      ))}
      {error && (
        <div id="pago-error" className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The buyer's details with the same Yup schema the API checks; no field here takes a payment
 * (Mercado Pago is offered only when the gym has it, and is paid on its own page after confirming).
 */
export function CheckoutForm({
  onSubmit,
  mercadoPago,
}: {
  onSubmit: (values: CheckoutValues) => Promise<void>;
  mercadoPago: boolean;
}) {
  const methods = mercadoPago ? PAYMENT_METHODS : PAYMENT_METHODS.filter((m) => m !== 'mercadopago');
  return (
    <Formik<CheckoutValues>
      initialValues={EMPTY}
      validationSchema={checkoutSchema}
      onSubmit={async (values) => onSubmit(checkoutSchema.cast(values) as CheckoutValues)}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label="Datos del pedido">
          <div className="row g-2">
            <div className="col-sm-6">
              <FormField name="nombre" label="Nombre" autoComplete="given-name" />
            </div>
            <div className="col-sm-6">
              <FormField name="apellido" label="Apellido" autoComplete="family-name" />
            </div>
          </div>
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          <FormField
            name="celular"
            label="Celular"
            type="tel"
            autoComplete="tel-national"
            hint="Con código de área, sin 0 ni 15: 381 555 1234"
          />
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Entrega</legend>
            <div className="form-check">
              <input className="form-check-input" type="radio" id="entrega" checked readOnly />
              <label className="form-check-label" htmlFor="entrega">
                {DELIVERY_LABEL}
              </label>
            </div>
          </fieldset>
          <PaymentChoice methods={methods} />
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={isSubmitting}>
            {isSubmitting ? 'Confirmando…' : 'Confirmar pedido'}
          </button>
          <p className="form-text mt-2 mb-0">
            {values.pago === 'mercadopago'
              ? 'Al confirmar te llevamos a Mercado Pago para pagar; el pedido te espera reservado.'
              : 'El pago se hace en la recepción o por transferencia: confirmar no cobra nada.'}
          </p>
        </Form>
      )}
    </Formik>
  );
}
