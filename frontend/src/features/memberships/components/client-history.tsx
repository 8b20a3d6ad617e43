import { formatDate } from '@gym/contracts/membership-dates';
import { formatInstant } from '@gym/contracts/format-dates';
import type { Pause, Reminder, ReminderStatus } from '@gym/contracts/memberships';
import { countOf } from '@gym/contracts/format';

const CHANNEL = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;
/** 'en cola': the daily e-mail waits in the outbox (the mail server has not taken it yet). */
const STATUS: Record<ReminderStatus, string> = {
  enviado: 'enviado',
  fallido: 'no se pudo enviar',
  abierto: 'abierto',
  'en cola': 'en cola',
};

/** Pauses and reminders, newest first: what the desk did for this client. */
export function ClientHistory({ pauses, reminders }: { pauses: Pause[]; reminders: Reminder[] }) {
  return (
    <div className="row g-4">
      <div className="col-lg-6">
        <h3 className="h6">Pausas</h3>
        {pauses.length ? (
          <ul className="list-group" aria-label="Pausas">
            {pauses.map((p) => (
              <li key={p.id} className="list-group-item">
                {p.endedOn
                  ? `Del ${formatDate(p.startedOn)} al ${formatDate(p.endedOn)} (${countOf(p.days ?? 0, 'día', 'días')}): ${p.motivo}`
                  : `Desde el ${formatDate(p.startedOn)}, en curso: ${p.motivo}`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">Sin pausas.</p>
        )}
      </div>
      <div className="col-lg-6">
        <h3 className="h6">Recordatorios</h3>
        {reminders.length ? (
          <ul className="list-group" aria-label="Recordatorios">
            {reminders.map((r) => (
              <li key={r.id} className="list-group-item">
                <div className="small text-body-secondary">
                  {formatInstant(r.createdAt)} · {CHANNEL[r.channel]}
                  {r.automatic ? ' automático' : ''} · {STATUS[r.status]}
                </div>
                {r.text}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">Sin recordatorios.</p>
        )}
      </div>
    </div>
  );
}
