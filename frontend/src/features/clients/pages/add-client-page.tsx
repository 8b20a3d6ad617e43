import type { FormikHelpers } from 'formik';
import { useNavigate } from 'react-router-dom';
import { clientMessages as m } from '@gym/contracts/clients';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { addClient, listPlans, type ClientFields } from '../api/clients-api';
import { BackToList } from '../components/back-link';
import { ClientForm, emptyClient, type ClientFormValues } from '../components/client-form';
import { NoPlans } from '../components/no-plans';
import { notify } from '@/components/notices';

/** /agregarusuario: waits for the server (DESIGN 9); 'Listo' and back to the list, or the server's reason. */
export default function AddClientPage() {
  usePageTitle('Agregar usuario');
  const navigate = useNavigate();
  const plans = useResource(['plans', 'list'], listPlans);

  const submit = async (fields: ClientFields, helpers: FormikHelpers<ClientFormValues>) => {
    try {
      await addClient(fields);
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'El usuario no se agregó')).fields);
      return;
    }
    notify(m.addedTitle, m.added);
    void navigate(paths.admin.clientList);
  };

  return (
    <section>
      <h1 className="h3 mb-4">Agregar usuario</h1>
      {plans.status === 'loading' && <Loading label="Cargando planes…" />}
      {plans.status === 'error' && <ErrorState message={plans.error.message} onRetry={plans.reload} />}
      {plans.status === 'ready' && plans.data.length === 0 && <NoPlans />}
      {plans.status === 'ready' && plans.data.length > 0 && (
        <ClientForm
          initialValues={emptyClient}
          plans={plans.data}
          submitLabel="Guardar"
          back={<BackToList />}
          onSubmit={submit}
        />
      )}
    </section>
  );
}
