import { countOf } from '@gym/contracts/format';
import { useState } from 'react';
import type { ReminderChannel, ReminderOutcome } from '@gym/contracts/memberships';
import { confirmAction, showAlert } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { sendReminders } from '../api/memberships-api';
import { notify } from '@/components/notices';

const STATUS: Record<ReminderOutcome['status'], string> = {
  enviado: 'enviado',
  fallido: 'no se pudo enviar',
  abierto: 'listo para abrir',
  'en cola': 'en cola',
  'sin-numero': 'sin celular válido',
};

/** E-mails leave at once and cannot be taken back: staff confirm how many go out first. */
function confirmEmails(count: number) {
  const who = countOf(count, 'cliente', 'clientes');
  return confirmAction({
    title: `¿Enviar el recordatorio por e-mail a ${who}?`,
    text: 'Cada uno recibe el texto de la plantilla de e-mail con sus datos.',
    confirmText: 'Sí, enviar',
    cancelText: 'Cancelar',
  });
}

/** E-mails go out from the server; WhatsApp ones come back as click-to-chat links to open one by one. */
export function ReminderActions({ ids }: { ids: string[] }) {
  const [outcomes, setOutcomes] = useState<ReminderOutcome[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async (channel: ReminderChannel) => {
    if (channel === 'email' && !(await confirmEmails(ids.length))) return;
    setBusy(true);
    try {
      const { reminders } = await sendReminders(channel, ids);
      setOutcomes(reminders);
      if (channel === 'email') {
        const ok = reminders.filter((r) => r.status === 'enviado').length;
        const title = `Recordatorios enviados: ${ok} de ${reminders.length}`;
        if (ok === reminders.length) notify(title);
        else void showAlert({ icon: 'warning', title });
      }
    } catch (err) {
      await showFailure(err, 'No se enviaron los recordatorios');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="text-body-secondary small">{countOf(ids.length, 'elegido', 'elegidos')}</span>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!ids.length || busy}
          onClick={() => void send('email')}
        >
          Enviar recordatorio por e-mail
        </button>
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={!ids.length || busy}
          onClick={() => void send('whatsapp')}
        >
          Recordatorio por WhatsApp
        </button>
      </div>
      {outcomes.length > 0 && (
        <ul className="list-group mt-2" aria-label="Resultado de los recordatorios">
          {outcomes.map((o) => (
            <li key={o.idUsuario} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
              <span>
                {o.nombre}: {STATUS[o.status]}
              </span>
              {o.link && (
                <a href={o.link} target="_blank" rel="noreferrer" className="btn btn-outline-success btn-sm">
                  Abrir WhatsApp<span className="visually-hidden"> con {o.nombre}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
