import { Form, Formik, type FormikHelpers } from 'formik';
import { Link } from 'react-router-dom';
import { CONTACT_LIMITS as L, contactMessageSchema, contactMessages as m } from '@gym/contracts/contact';
import { toApiFailure } from '@/api/client';
import { showAlert } from '@/components/alerts';
import { FormField } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { sendMessage } from '../api/messages-api';
import { notify } from '@/components/notices';

export interface MessageFormValues {
  idUsuario: string;
  user_name: string;
  user_email: string;
  user_message: string;
}

interface MessageFormProps {
  initialValues: MessageFormValues;
  /** Where 'Volver' goes. */
  backTo: string;
}

/**
 * SPEC §5 message rules as native constraints and as the contracts schema. 'Enhorabuena' only when
 * the API answered 201, 'Ups' only when it did not (DESIGN 5); the form is emptied after a success only.
 * Either way the history on screen loads again (a failed send is kept there too: `sendMessage` marks it).
 */
export function MessageForm({ initialValues, backTo }: MessageFormProps) {
  const email = initialValues.idUsuario ? L.clientEmail : L.email;

  const submit = async (values: MessageFormValues, helpers: FormikHelpers<MessageFormValues>) => {
    try {
      await sendMessage(contactMessageSchema.validateSync(values, { stripUnknown: true }));
    } catch (err) {
      const failure = await toApiFailure(err);
      helpers.setErrors(failure.fields);
      if (failure.status !== 401) {
        void showAlert({ icon: 'error', title: m.failed.title, text: m.failed.text, footer: failure.message });
      }
      return;
    }
    helpers.resetForm();
    notify(m.sent.title, m.sent.text);
  };

  return (
    <Formik<MessageFormValues> initialValues={initialValues} validationSchema={contactMessageSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="card card-body mb-4" style={{ maxWidth: '36rem' }}>
          <FormField
            name="user_name"
            label="Nombre"
            autoComplete="off"
            minLength={L.name.min}
            counter={L.name.max}
            required
          />
          <FormField
            name="user_email"
            label="Email"
            type="email"
            autoComplete="off"
            minLength={email.min}
            counter={email.max}
            required
          />
          <TextareaField
            name="user_message"
            label="Mensaje"
            minLength={L.message.min}
            counter={L.message.max}
            required
          />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Enviando…' : 'Enviar'}
            </button>
            <Link to={backTo} className="btn btn-outline-secondary">
              Volver
            </Link>
          </div>
        </Form>
      )}
    </Formik>
  );
}
