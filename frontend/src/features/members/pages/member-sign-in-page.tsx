import { useState } from 'react';
import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { memberLinkRequestSchema } from '@gym/contracts/members';
import { toApiFailure } from '@/api/client';
import { usePageTitle } from '@/components/use-page-title';
import { requestLink } from '../api/members-api';

/** /socio/ingresar: a member asks for a link by e-mail (no password; the gym never says who is a member). */
export default function MemberSignInPage() {
  usePageTitle('Ingresar a tu cuenta');
  const [answer, setAnswer] = useState<string | null>(null);
  const submit = async ({ email }: { email: string }, helpers: FormikHelpers<{ email: string }>) => {
    try {
      setAnswer((await requestLink(memberLinkRequestSchema.cast({ email }).email)).message);
    } catch (err) {
      const failure = await toApiFailure(err);
      helpers.setErrors({ email: failure.fields.email ?? failure.message });
    }
  };
  return (
    <section className="container py-4" style={{ maxWidth: '28rem' }}>
      <h1 className="h3">Tu cuenta del gimnasio</h1>
      <p className="text-body-secondary">
        Escribí el e-mail que diste en recepción y te mandamos un enlace para entrar: sin contraseñas.
      </p>
      {answer ? (
        <div className="alert alert-info" role="status">
          {answer}
        </div>
      ) : (
        <Formik initialValues={{ email: '' }} validationSchema={memberLinkRequestSchema} onSubmit={submit}>
          {({ errors, touched, isSubmitting }) => (
            <Form noValidate>
              <label htmlFor="member-email" className="form-label">
                E-mail
              </label>
              <Field
                id="member-email"
                name="email"
                type="email"
                autoComplete="email"
                className={`form-control${touched.email && errors.email ? ' is-invalid' : ''}`}
                aria-describedby="member-email-error"
              />
              <div id="member-email-error" className="invalid-feedback">
                {errors.email}
              </div>
              <button type="submit" className="btn btn-primary w-100 mt-3" disabled={isSubmitting}>
                Enviarme el enlace
              </button>
            </Form>
          )}
        </Formik>
      )}
    </section>
  );
}
