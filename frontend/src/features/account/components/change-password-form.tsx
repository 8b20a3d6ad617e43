import { Form, Formik, type FormikHelpers } from 'formik';
import { passwordChangeSchema, type PasswordChangeForm } from '@gym/contracts/accounts';
import { showAlert } from '@/components/alerts';
import { FormField } from '@/components/form-field';
import { toApiFailure } from '@/api/client';
import { changePassword } from '../api/account-api';
import { notify } from '@/components/notices';

const empty: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password, then the new one twice; the other sessions end on the server. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const submit = async (values: PasswordChangeForm, helpers: FormikHelpers<PasswordChangeForm>) => {
    try {
      const { message } = await changePassword(values);
      helpers.resetForm();
      onChanged?.();
      notify('Listo', message);
    } catch (err) {
      const failure = await toApiFailure(err);
      if (Object.keys(failure.fields).length) helpers.setErrors(failure.fields);
      else await showAlert({ icon: 'error', title: 'Error', text: failure.message });
    }
  };
  return (
    <Formik<PasswordChangeForm> initialValues={empty} validationSchema={passwordChangeSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="card card-body" style={{ maxWidth: '28rem' }} aria-label="Cambiar contraseña">
          <FormField name="currentPassword" label="Contraseña actual" type="password" autoComplete="current-password" />
          <FormField name="newPassword" label="Contraseña nueva" type="password" autoComplete="new-password" />
          <FormField
            name="confirmPassword"
            label="Repetí la contraseña nueva"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Cambiar contraseña
          </button>
        </Form>
      )}
    </Formik>
  );
}
