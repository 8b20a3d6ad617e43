import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { listMessages } from '../api/messages-api';
import { MessageForm } from '../components/message-form';
import { MessageHistory } from '../components/message-history';

const EMPTY = { idUsuario: '', user_name: '', user_email: '', user_message: '' };

/** /chat: a message to anyone, and below it every message sent with its outcome. */
export default function ChatPage() {
  usePageTitle('Enviar mensaje');
  const history = useResource(['messages', 'all'], listMessages);
  return (
    <section>
      <h1 className="h3 mb-4">Enviar mensaje a un usuario</h1>
      <MessageForm initialValues={EMPTY} backTo={paths.admin.panel} />
      <MessageHistory title="Mensajes enviados" history={history} />
    </section>
  );
}
