import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Form, Formik, type FormikHelpers } from 'formik';
import { ARREPENTIMIENTO_LABEL } from '@gym/contracts/consumer-labels';
import { ARREPENTIMIENTO_DAYS, arrepentimientoSchema, type ConsumerReceipt } from '@gym/contracts/consumer-requests';
import { toApiFailure } from '@/api/client';
import { FormField } from '@/components/form-field';
import { usePageTitle } from '@/components/use-page-title';
import { requestArrepentimiento } from '../api/consumer-api';
import { ReceiptCode } from '../components/receipt-code';

interface Values {
  numero: string;
  email: string;
  t: string;
}

/**
 * /arrepentimiento: the Botón de arrepentimiento for shop orders, within 10 days of the purchase or
 * the pick-up. From the order's page its number and token come in the address: nothing to type.
 */
export default function ArrepentimientoPage() {
  usePageTitle(ARREPENTIMIENTO_LABEL);
  const [params] = useSearchParams();
  const [receipt, setReceipt] = useState<ConsumerReceipt | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const fromOrder = Boolean(params.get('t'));
  const initial: Values = { numero: params.get('numero') ?? '', email: '', t: params.get('t') ?? '' };
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setRefused(null);
    try {
      setReceipt(await requestArrepentimiento(arrepentimientoSchema.cast(values)));
    } catch (err) {
      const failure = await toApiFailure(err);
      if (Object.keys(failure.fields).length) helpers.setErrors(failure.fields);
      else setRefused(failure.message);
    }
  };
  return (
    <section className="container py-4" style={{ maxWidth: '36rem' }}>
      <h1 className="h3">{ARREPENTIMIENTO_LABEL}</h1>
      {receipt ? (
        <ReceiptCode receipt={receipt} label="Tu código de arrepentimiento" />
      ) : (
        <>
          <p className="text-body-secondary">
            Tenés {ARREPENTIMIENTO_DAYS} días desde la compra (o desde que retiraste el pedido) para arrepentirte, sin
            dar explicaciones. Si no lo pagaste, lo cancelamos; si lo pagaste, te devolvemos el dinero.
          </p>
          {refused && (
            <div className="alert alert-danger" role="alert">
              {refused}
            </div>
          )}
          <Formik<Values> initialValues={initial} validationSchema={arrepentimientoSchema} onSubmit={submit}>
            {({ isSubmitting }) => (
              <Form noValidate aria-label={ARREPENTIMIENTO_LABEL}>
                {fromOrder ? (
                  <p>
                    Pedido <strong>{initial.numero}</strong>
                  </p>
                ) : (
                  <>
                    <FormField name="numero" label="Número de pedido" placeholder="G-000123" autoComplete="off" />
                    <FormField name="email" label="E-mail de la compra" type="email" autoComplete="email" />
                  </>
                )}
                <button type="submit" className="btn btn-danger w-100" disabled={isSubmitting}>
                  Arrepentirme de la compra
                </button>
              </Form>
            )}
          </Formik>
        </>
      )}
    </section>
  );
}
