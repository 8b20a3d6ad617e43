import { useEffect, useRef } from 'react';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { formatMoney } from '@gym/contracts/format-money';
import { DESK_PAYMENT_METHODS, paymentMethodLabels, paymentSchema } from '@gym/contracts/memberships';
import { centavosOfInput, moneyInputText, typedCentavos } from '@gym/contracts/money-input';
import { times, type Centavos } from '@gym/contracts/money';
import type * as yup from 'yup';
import { FormField } from '@/components/form-field';
import { MoneyField } from '@/components/money-input';
import { SelectField } from '@/components/select-field';
import type { PaymentFields } from '../api/memberships-api';

/** The form as typed: the amount is the text in the field ("7.400,50"), sent as `amountCentavos`. */
export interface PaymentFormValues extends Omit<PaymentFields, 'amountCentavos'> {
  amount: string;
}

interface PaymentFormProps {
  /** The plan's price per month, in centavos: the amount's default, times the months. */
  planPrice: Centavos;
  onSubmit: (fields: PaymentFields, helpers: FormikHelpers<PaymentFormValues>) => Promise<void>;
}

/** The API's rule for `amountCentavos`, read from what a person typed; blank is the months' amount. */
const typedAmount = typedCentavos(paymentSchema.fields.amountCentavos as yup.NumberSchema<Centavos | undefined>);

const paymentFormSchema = paymentSchema.omit(['amountCentavos']).shape({ amount: typedAmount });

const METHODS = DESK_PAYMENT_METHODS.map((value) => ({ value, label: paymentMethodLabels[value] }));

/** The amount the months call for, as the field shows it ("7.500"). */
const amountFor = (months: unknown, planPrice: Centavos) =>
  moneyInputText(times(planPrice, Math.max(1, Math.trunc(Number(months)) || 1)));

/**
 * While the amount is still what the months called for, it follows them (1 month → 3 months triples
 * it); once the person types another amount, it stays theirs.
 */
function AmountFollowsMonths({ planPrice }: { planPrice: Centavos }) {
  const { values, setFieldValue } = useFormikContext<PaymentFormValues>();
  const previousMonths = useRef(values.months);
  useEffect(() => {
    if (values.months === previousMonths.current) return;
    const followed = centavosOfInput(values.amount) === centavosOfInput(amountFor(previousMonths.current, planPrice));
    previousMonths.current = values.months;
    if (followed) void setFieldValue('amount', amountFor(values.months, planPrice));
  }, [values.months, values.amount, planPrice, setFieldValue]);
  return null;
}

/** Record a payment: the amount starts as the plan's price × months; the server checks the same schema. */
export function PaymentForm({ planPrice, onSubmit }: PaymentFormProps) {
  const initialValues: PaymentFormValues = { amount: amountFor(1, planPrice), method: '', months: 1, note: '' };
  // The API takes centavos (`amountCentavos`); left blank, what the months call for.
  const submit = ({ amount, ...values }: PaymentFormValues, helpers: FormikHelpers<PaymentFormValues>) =>
    onSubmit(
      { ...values, amountCentavos: centavosOfInput(amount) ?? centavosOfInput(amountFor(values.months, planPrice))! },
      helpers,
    );
  return (
    <Formik initialValues={initialValues} validationSchema={paymentFormSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Registrar pago" className="row g-2">
          <AmountFollowsMonths planPrice={planPrice} />
          <div className="col-sm-6 col-lg-2">
            <FormField name="months" label="Meses" type="number" min="1" max="12" />
          </div>
          <div className="col-sm-6 col-lg-3">
            <MoneyField name="amount" label="Monto ($)" />
          </div>
          <div className="col-sm-6 col-lg-3">
            <SelectField name="method" label="Medio de pago" options={METHODS} placeholder="Elegí una opción" />
          </div>
          <div className="col-sm-6 col-lg-4">
            <FormField name="note" label="Nota (opcional)" maxLength={200} />
          </div>
          <div className="col-12 d-flex flex-wrap align-items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              Registrar pago
            </button>
            <span className="form-text">Cuota mensual del plan: {formatMoney(planPrice)}</span>
          </div>
        </Form>
      )}
    </Formik>
  );
}
