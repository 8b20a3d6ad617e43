import { Form, Formik } from 'formik';
import { reminderTemplateSchema, membershipMessages as m, type ReminderTemplate } from '@gym/contracts/memberships';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { TextareaField } from '@/components/textarea-field';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { getTemplates, saveTemplate } from '../api/memberships-api';
import { notify } from '@/components/notices';

const TITLES = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;

/** /membresias/plantillas: the reminder texts, with {nombre}, {plan}, {vence} and {fecha} filled per client. */
export default function TemplatesPage() {
  usePageTitle('Plantillas de recordatorio');
  const data = useResource(['memberships', 'templates'], getTemplates);
  return (
    <section>
      <h1 className="h3 mb-2">Plantillas de recordatorio</h1>
      <p className="text-body-secondary">
        Usá {'{nombre}'}, {'{plan}'}, {'{vence}'} (dd/mm) y {'{fecha}'} (dd/mm/aaaa): se completan con los datos de cada
        cliente.
      </p>
      <p className="text-body-secondary" data-testid="plantillas-enlace">
        Después del texto, cada recordatorio lleva el enlace a la cuenta del socio y, si el gimnasio cobra con Mercado
        Pago, la invitación a renovar online desde ahí.
      </p>
      {data.status === 'loading' && <Loading />}
      {data.status === 'error' && <ErrorState message={data.error.message} onRetry={data.reload} />}
      {data.status === 'ready' &&
        data.data.templates.map((t) => <TemplateForm key={t.channel + t.updatedAt} template={t} />)}
    </section>
  );
}

function TemplateForm({ template }: { template: ReminderTemplate }) {
  return (
    <Formik
      initialValues={{ text: template.text }}
      validationSchema={reminderTemplateSchema}
      onSubmit={async ({ text }) => {
        try {
          await saveTemplate(template.channel, text);
          notify(m.templateSaved);
        } catch (err) {
          await showFailure(err, 'La plantilla no se guardó');
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={`Plantilla de ${TITLES[template.channel]}`} className="mb-4">
          <TextareaField name="text" label={TITLES[template.channel]} rows={3} maxLength={500} />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Guardar plantilla
          </button>
        </Form>
      )}
    </Formik>
  );
}
