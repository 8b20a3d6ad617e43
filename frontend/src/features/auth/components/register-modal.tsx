import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { normalizeRegistration, registrationSchema, type RegistrationForm } from '@gym/contracts/accounts';
import { registrationMessages as m } from '@gym/contracts/messages';
import { toApiFailure } from '@/api/client';
import { showAlert } from '@/components/alerts';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { register } from '../api/auth-api';
import type { AuthModalProps } from '../auth-modals';
import { FocusFirstError } from './focus-first-error';
import { notify } from '@/components/notices';

const EMPTY: RegistrationForm = { name: '', lastname: '', email: '', password: '', confirmPassword: '' };

/** SPEC §2 'Registro': the six checks of SPEC §5 run in order on submit, with two live hints. */
export default function RegisterModal({ onClose, onSwitch, staffCode }: AuthModalProps & { staffCode: string }) {
  const [open, setOpen] = useState(true);

  const submit = async (values: RegistrationForm, helpers: FormikHelpers<RegistrationForm>) => {
    try {
      await register({ ...normalizeRegistration(values), code: staffCode });
      helpers.resetForm();
      notify(m.success.title, m.success.text);
    } catch (err) {
      const failure = await toApiFailure(err);
      helpers.setErrors(failure.fields);
      await showAlert({ icon: 'error', title: m.failure.title, text: m.failure.text, footer: failure.message });
    }
  };

  return (
    <Modal open={open} title="Registro" onClose={() => setOpen(false)} onExited={onClose}>
      <Formik<RegistrationForm>
        initialValues={EMPTY}
        validationSchema={registrationSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <FormField
              name="name"
              label="Nombre"
              autoComplete="given-name"
              hint={values.name === '' ? m.nameRequiredHint : undefined}
            />
            <FormField name="lastname" label="Apellido" autoComplete="family-name" />
            <FormField name="email" label="Email" type="email" autoComplete="email" />
            <FormField name="password" label="Password" type="password" autoComplete="new-password" />
            <FormField
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              hint={values.confirmPassword !== values.password ? m.passwordsDoNotMatchHint : undefined}
            />
            <FocusFirstError />
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
              {isSubmitting ? 'Registrando…' : 'Registrarme'}
            </button>
          </Form>
        )}
      </Formik>
      <p className="mt-3 mb-0 text-center small">
        ¿Ya tenés cuenta?{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onSwitch('login')}>
          Iniciá sesión
        </button>
      </p>
    </Modal>
  );
}
