import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { BAJA_LABEL } from '@gym/contracts/consumer-labels';
import {
  BAJA_TARGETS,
  CONSUMER_LIMITS,
  bajaSchema,
  bajaTargetLabels,
  type BajaTarget,
  type ConsumerReceipt,
} from '@gym/contracts/consumer-requests';
import { toApiFailure } from '@/api/client';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormField } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { usePageTitle } from '@/components/use-page-title';
import { requestBaja } from '../api/consumer-api';
import { ReceiptCode } from '../components/receipt-code';

interface BajaValues {
  nombre: string;
  contacto: string;
  que: BajaTarget[];
  motivo: string;
}
const EMPTY: BajaValues = { nombre: '', contacto: '', que: ['membresia'], motivo: '' };
const OPTIONS = BAJA_TARGETS.map((value) => ({ value, label: bajaTargetLabels[value] }));

/** /baja: the Botón de baja (Disposición 954/2025): no sign-in, a code at once. */
export default function BajaPage() {
  usePageTitle(BAJA_LABEL);
  const [receipt, setReceipt] = useState<ConsumerReceipt | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (values: BajaValues, helpers: FormikHelpers<BajaValues>) => {
    setRefused(null);
    try {
      setReceipt(await requestBaja(bajaSchema.cast(values)));
    } catch (err) {
      const failure = await toApiFailure(err);
      if (Object.keys(failure.fields).length) helpers.setErrors(failure.fields);
      else setRefused(failure.message);
    }
  };
  return (
    <section className="container py-4" style={{ maxWidth: '36rem' }}>
      <h1 className="h3">{BAJA_LABEL}</h1>
      <p className="small text-body-secondary">Botón de Baja de Servicio (Disposición 954/2025).</p>
      {receipt ? (
        <ReceiptCode receipt={receipt} label="Tu código de baja" />
      ) : (
        <>
          <p className="text-body-secondary">
            Pedí la baja de tu membresía o de tu débito automático sin ingresar a ninguna cuenta. Te damos un código de
            baja al instante y te lo mandamos por e-mail. No te cobramos nada después de este pedido y lo que ya pagaste
            sigue vigente hasta su vencimiento.
          </p>
          {refused && (
            <div className="alert alert-danger" role="alert">
              {refused}
            </div>
          )}
          <Formik<BajaValues> initialValues={EMPTY} validationSchema={bajaSchema} onSubmit={submit}>
            {({ isSubmitting }) => (
              <Form noValidate aria-label={BAJA_LABEL}>
                <FormField name="nombre" label="Nombre y apellido" autoComplete="name" />
                <FormField
                  name="contacto"
                  label="DNI o e-mail"
                  hint="El DNI sin puntos o el e-mail que diste en el gimnasio."
                  autoComplete="email"
                  inputMode="email"
                />
                <CheckboxGroupField name="que" legend="Qué querés dar de baja" options={OPTIONS} inline={false} />
                <TextareaField name="motivo" label="Motivo (opcional)" counter={CONSUMER_LIMITS.motivo.max} />
                <button type="submit" className="btn btn-danger w-100" disabled={isSubmitting}>
                  Pedir la baja
                </button>
              </Form>
            )}
          </Formik>
        </>
      )}
    </section>
  );
}
