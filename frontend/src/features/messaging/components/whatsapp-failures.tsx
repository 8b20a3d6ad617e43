import { Link } from 'react-router-dom';
import { formatInstant } from '@gym/contracts/format-dates';
import { templateLabels, whatsappDeskMessages as wd, type WhatsappTemplate } from '@gym/contracts/whatsapp';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { failedWhatsapp } from '../api/messaging-api';

/**
 * The panel's latest WhatsApp failures (issue 46): whom, which template, when and why (an unknown
 * template is named, so the owner knows which one to register). Nothing while there are none, or
 * while WhatsApp is not set up.
 */
export function WhatsappFailures() {
  const list = useResource(['clients', 'whatsapp', 'fallidos'], failedWhatsapp);
  if (list.status !== 'ready' || !list.data.configurado || list.data.mensajes.length === 0) return null;
  return (
    <section className="card mb-4" aria-labelledby="whatsapp-failures-title" data-testid="whatsapp-failures">
      <div className="card-body">
        <h2 className="h5" id="whatsapp-failures-title">
          {wd.failuresTitle}
        </h2>
        <ul className="list-unstyled mb-0">
          {list.data.mensajes.map((m) => (
            <li key={m.id} className="border-bottom py-2">
              <Link to={paths.admin.viewClient(m.idUsuario)}>{m.nombre ?? m.idUsuario}</Link> ·{' '}
              {templateLabels[m.plantilla as WhatsappTemplate] ?? m.plantilla} ·{' '}
              {formatInstant(m.failedAt ?? m.createdAt)}
              {m.respaldo === 'email' && <span className="small text-body-secondary"> · {wd.byEmail}</span>}
              {m.error && <div className="small text-danger">{m.error}</div>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
