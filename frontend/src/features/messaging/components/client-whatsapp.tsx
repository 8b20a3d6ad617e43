import { formatInstant } from '@gym/contracts/format-dates';
import {
  messageStatusLabels,
  templateLabels,
  whatsappDeskMessages as wd,
  type WhatsappMessageView,
  type WhatsappTemplate,
} from '@gym/contracts/whatsapp';
import { showFailure } from '@/components/show-failure';
import { notify } from '@/components/notices';
import { ErrorState, Loading } from '@/components/status';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { clientMessages, clientWhatsapp, setClientWhatsapp } from '../api/messaging-api';

const STATUS_CLASS: Record<WhatsappMessageView['estado'], string> = {
  queued: 'text-bg-secondary',
  sent: 'text-bg-info',
  delivered: 'text-bg-primary',
  read: 'text-bg-success',
  failed: 'text-bg-danger',
};

const ON_THE_WAY = new Set<WhatsappMessageView['estado']>(['queued', 'sent', 'delivered']);

/** The latest time the message reached, as the desk reads it. */
const lastTime = (m: WhatsappMessageView) => m.failedAt ?? m.readAt ?? m.deliveredAt ?? m.sentAt ?? m.createdAt;

/** On a client's page: their WhatsApp consent (the desk records one given in person) and their messages. */
export function ClientWhatsapp({ idUsuario }: { idUsuario: string }) {
  const consent = useResource(['clients', 'whatsapp', idUsuario], (signal) => clientWhatsapp(idUsuario, signal));
  // While a message is on its way (queued, sent or delivered, not yet read), its status is asked again.
  const messages = useResource(['clients', 'mensajes', idUsuario], (signal) => clientMessages(idUsuario, signal), {
    refreshEvery: (list) => (list.some((m) => ON_THE_WAY.has(m.estado)) ? 10_000 : false),
  });
  const can = useCan();
  if (consent.status === 'loading' || messages.status === 'loading') return <Loading />;
  if (consent.status === 'error') return <ErrorState message={consent.error.message} onRetry={consent.reload} />;
  if (messages.status === 'error') return <ErrorState message={messages.error.message} onRetry={messages.reload} />;
  const c = consent.data;
  const record = async (acepta: boolean) => {
    try {
      await setClientWhatsapp(idUsuario, acepta);
      notify(acepta ? wd.accepted : wd.declined);
    } catch (err) {
      await showFailure(err, wd.saveFailed);
    }
  };
  return (
    <section className="card mt-4" aria-labelledby="client-whatsapp">
      <div className="card-body">
        <h2 className="h5" id="client-whatsapp">
          WhatsApp
        </h2>
        {!c.configurado && <p className="small text-body-secondary">{wd.notConfigured}</p>}
        <p data-testid="whatsapp-consent">{wd.consentLine(c)}</p>
        {can('clientes.editar') && (
          <div className="d-flex flex-wrap gap-2 mb-3">
            <button
              type="button"
              className="btn btn-outline-success btn-sm"
              disabled={c.acepta === true}
              onClick={() => void record(true)}
            >
              {wd.recordYes}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={c.acepta === false}
              onClick={() => void record(false)}
            >
              {wd.recordNo}
            </button>
          </div>
        )}
        {messages.data.length === 0 ? (
          <p className="small text-body-secondary mb-0">{wd.noMessages}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Mensajes por WhatsApp">
            {messages.data.map((m) => (
              <li key={m.id} className="border-bottom py-2">
                <span className={`badge ${STATUS_CLASS[m.estado]} me-2`}>{messageStatusLabels[m.estado]}</span>
                {formatInstant(lastTime(m))} · {templateLabels[m.plantilla as WhatsappTemplate] ?? m.plantilla}
                {m.respaldo === 'email' && <span className="small text-body-secondary"> · {wd.byEmail}</span>}
                {m.error && <div className="small text-danger">{m.error}</div>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
