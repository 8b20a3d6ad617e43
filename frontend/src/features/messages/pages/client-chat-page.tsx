import { Link, useParams } from 'react-router-dom';
import { clientMessages } from '@gym/contracts/clients';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { getRecipient, listMessages } from '../api/messages-api';
import { MessageForm } from '../components/message-form';
import { MessageHistory } from '../components/message-history';

/** /chatparticular/:idUsuario: name and e-mail prefilled from the client; the message names the client. */
export default function ClientChatPage() {
  usePageTitle('Enviar mensaje');
  const { idUsuario = '' } = useParams();
  const recipient = useResource(['clients', 'recipient', idUsuario], (signal) => getRecipient(idUsuario, signal));
  const history = useResource(['messages', 'with', idUsuario], (signal) =>
    listMessages(signal).then((all) => all.filter((message) => message.idUsuario === idUsuario)),
  );
  const client = recipient.data;

  return (
    <section>
      <h1 className="h3 mb-4">Enviar mensaje a un usuario</h1>
      {recipient.status === 'loading' && <Loading label="Cargando el usuario…" />}
      {recipient.status === 'error' && (
        <ErrorState
          message={recipient.error.message}
          onRetry={recipient.error.status === 404 ? undefined : recipient.reload}
        />
      )}
      {((recipient.status === 'ready' && !client) || recipient.error?.status === 404) && (
        <>
          {recipient.status === 'ready' && <ErrorState message={clientMessages.notFound} />}
          <Link to={paths.admin.clientList} className="btn btn-outline-secondary">
            Volver
          </Link>
        </>
      )}
      {client && (
        <>
          <MessageForm
            initialValues={{ idUsuario, user_name: client.nombre, user_email: client.correo, user_message: '' }}
            backTo={paths.admin.clientList}
          />
          <MessageHistory title={`Mensajes enviados a ${client.nombre}`} history={history} />
        </>
      )}
    </section>
  );
}
