import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loginMessages } from '@gym/contracts/messages';
import { loginSchema, type LoginInput } from '@gym/contracts/accounts';
import { toApiFailure } from '@/api/client';
import { showAlert } from '@/components/alerts';
import { Modal } from '@/components/modal';
import { notify } from '@/components/notices';
import { paths } from '@/config/paths';
import { memberPaths } from '@/features/members';
import { useAuth } from '../auth-context';
import type { AuthModalProps } from '../auth-modals';
import { FormField } from '@/components/form-field';

/** SPEC §4: a successful login goes to the panel 2 seconds after the click (the password check counts). */
export const LOGIN_REDIRECT_MS = 2000;

interface LoginModalProps extends AuthModalProps {
  notice?: string;
  returnTo?: string;
}

export default function LoginModal({ onClose, onSwitch, notice, returnTo }: LoginModalProps) {
  const [open, setOpen] = useState(true);
  const [welcome, setWelcome] = useState(false);
  const navigate = useNavigate();
  const auth = useAuth();

  const submit = async (values: LoginInput, helpers: FormikHelpers<LoginInput>) => {
    const clicked = Date.now();
    try {
      const { user } = await auth.login(loginSchema.cast(values) as LoginInput);
      setWelcome(true);
      const left = Math.max(LOGIN_REDIRECT_MS - (Date.now() - clicked), 0);
      notify(`¡Hola, ${user.name}!`, 'Ingresaste correctamente');
      setTimeout(() => {
        setOpen(false);
        void navigate(returnTo ?? paths.admin.panel);
      }, left);
    } catch (err) {
      const failure = await toApiFailure(err);
      helpers.setSubmitting(false);
      await showAlert({
        icon: 'error',
        title: loginMessages.failureTitle,
        text: failure.message,
        footer: failure.status === 401 ? loginMessages.disabledHint : undefined,
      });
    }
  };

  return (
    <Modal open={open} title="Login" onClose={() => setOpen(false)} onExited={onClose}>
      {notice && (
        <div className="alert alert-warning py-2" role="alert">
          {notice}
        </div>
      )}
      {/* Members open "Iniciar sesión" too: their way in comes first. */}
      <p className="small mb-3">
        ¿Ya sos socio?{' '}
        {/* Pressing it leaves the focus in the form: a blur would show the e-mail's error, grow the centred
            dialog and move the link from under the pointer before the click. */}
        <Link to={memberPaths.signIn} onMouseDown={(event) => event.preventDefault()} onClick={() => setOpen(false)}>
          Entrá al portal de socios
        </Link>
      </p>
      <Formik<LoginInput> initialValues={{ email: '', password: '' }} validationSchema={loginSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormField name="email" label="Email" type="email" autoComplete="username" />
            <FormField name="password" label="Password" type="password" autoComplete="current-password" />
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting || welcome}>
              {isSubmitting ? 'Ingresando…' : 'Enviar'}
            </button>
          </Form>
        )}
      </Formik>
      <p className="mt-3 mb-0 text-center small">
        ¿Sos parte del staff y no tenés cuenta?{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onSwitch('code')}>
          Registrate
        </button>
      </p>
      <p className="mt-1 mb-0 text-center small text-secondary">
        Si sos cliente, pedile a tu entrenador que te registre.
      </p>
    </Modal>
  );
}
