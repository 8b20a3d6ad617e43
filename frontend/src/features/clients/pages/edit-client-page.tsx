import type { FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { productMessages } from '@gym/contracts/messages';
import type { Client } from '@gym/contracts/clients';
import { toApiFailure } from '@/api/client';
import { offerReload, showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { getClient, listPlans, updateClient, type ClientFields } from '../api/clients-api';
import { BackToList } from '../components/back-link';
import { ClientForm, toClientFormValues, type ClientFormValues } from '../components/client-form';
import { notify } from '@/components/notices';

/** /editarusuario/:idUsuario: prefilled from the server; a save over someone else's newer one is refused (409). */
/** `below`: what other features show under the form once the client is loaded (composed in app/routes). */
export default function EditClientPage({ below }: { below?: (client: Client) => ReactNode }) {
  usePageTitle('Editar usuario');
  const { idUsuario = '' } = useParams();
  const navigate = useNavigate();
  const data = useResource(['clients', 'one-with-plans', idUsuario], (signal) =>
    Promise.all([getClient(idUsuario, signal), listPlans(signal)]),
  );

  const submit = async (fields: ClientFields, helpers: FormikHelpers<ClientFormValues>) => {
    if (data.status !== 'ready') return;
    try {
      await updateClient(idUsuario, fields, data.data[0].updatedAt);
    } catch (err) {
      const failure = await toApiFailure(err);
      if (failure.status === 409 && !Object.keys(failure.fields).length)
        return offerReload(failure.message, data.reload);
      helpers.setErrors((await showFailure(err, 'Los cambios no se guardaron')).fields);
      return;
    }
    notify(productMessages.saved);
    void navigate(paths.admin.clientList);
  };

  return (
    <section>
      <h1 className="h3 mb-4">Editar usuario {idUsuario}</h1>
      {data.status === 'loading' && <Loading label="Cargando el usuario…" />}
      {data.status === 'error' && (
        <>
          <ErrorState message={data.error.message} onRetry={data.error.status === 404 ? undefined : data.reload} />
          <BackToList />
        </>
      )}
      {data.status === 'ready' && (
        <ClientForm
          key={data.data[0].updatedAt}
          initialValues={toClientFormValues(data.data[0])}
          plans={data.data[1]}
          submitLabel="Editar"
          back={<BackToList />}
          onSubmit={submit}
        />
      )}
      {data.status === 'ready' && below?.(data.data[0])}
    </section>
  );
}
