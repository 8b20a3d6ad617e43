import { useState } from 'react';
import { memberMessages as m, type MemberAccessChannel } from '@gym/contracts/members';
import { showFailure } from '@/components/show-failure';
import { endMemberSessions, sendMemberAccess } from '../api/memberships-api';
import { notify } from '@/components/notices';

/**
 * The client's door to their own portal (/socio): a single-use link, by e-mail or as a WhatsApp
 * message ready to send from the desk's phone; and ending the member's open sessions.
 */
export function MemberAccess({ idUsuario }: { idUsuario: string }) {
  const [busy, setBusy] = useState(false);
  const [whatsapp, setWhatsapp] = useState<string | null>(null);
  const run = async (work: () => Promise<void>, failTitle: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      await showFailure(err, failTitle);
    } finally {
      setBusy(false);
    }
  };
  const send = (channel: MemberAccessChannel) =>
    run(async () => {
      const sent = await sendMemberAccess(idUsuario, channel);
      if (sent.whatsappUrl) {
        setWhatsapp(sent.whatsappUrl);
        window.open(sent.whatsappUrl, '_blank', 'noopener');
      } else {
        notify(m.accessSentEmail);
      }
    }, 'No se envió el acceso');
  const end = () =>
    run(async () => {
      const { message } = await endMemberSessions(idUsuario);
      notify(message);
    }, 'No se cerraron las sesiones');
  return (
    <>
      <p className="text-body-secondary mb-2">
        El socio ve su plan, sus pagos y su apto en su teléfono, con un enlace que sirve una vez y vence en 15 minutos.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void send('email')}>
          Enviar acceso por e-mail
        </button>
        <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={() => void send('whatsapp')}>
          Enviar acceso por WhatsApp
        </button>
        <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={() => void end()}>
          Cerrar sesiones del socio
        </button>
      </div>
      {whatsapp && (
        <p className="small mt-2 mb-0">
          Si WhatsApp no se abrió,{' '}
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            abrí el mensaje desde acá
          </a>
          .
        </p>
      )}
    </>
  );
}
