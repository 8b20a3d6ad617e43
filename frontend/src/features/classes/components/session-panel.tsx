import { useState, type FormEvent } from 'react';
import { bookingStatusLabels, disciplineLabels, placesText, type ClassBooking } from '@gym/contracts/classes';
import { formatDay } from '@gym/contracts/format-dates';
import { changing } from '@/api/server-state';
import { confirmAction } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { useResource } from '@/hooks/use-resource';
import { useCan } from '@/features/auth/staff';
import {
  bookClient,
  cancelBooking,
  getSession,
  markAttendance,
  suspendSession,
  undoAttendance,
  type FoundClient,
} from '../api/classes-api';
import { ClientPicker } from './client-picker';
import { SuspendSessionForm } from './suspend-session-form';
import { notify } from '@/components/notices';

/** One session's list: book a client found by name or DNI, cancel, note who came; suspend the class with a reason. */
export function SessionPanel({ id }: { id: string }) {
  const detail = useResource(['classes', 'session', id], (signal) => getSession(id, signal));
  const can = useCan();
  const [client, setClient] = useState<FoundClient | null>(null);
  /** A new picker (empty) after each booking. */
  const [pickerKey, setPickerKey] = useState(0);

  const run = async (work: () => Promise<{ message?: string } | unknown>, title: string) => {
    try {
      const answer = (await changing(['classes'], work())) as {
        message?: string;
        promoted?: { nombre: string; whatsappUrl: string | null } | null;
      };
      const promoted = answer.promoted;
      if (promoted?.whatsappUrl) {
        // The desk can also tell the promoted person on WhatsApp, with the message ready.
        const tell = await confirmAction({
          icon: 'info',
          title: answer.message ?? '',
          text: `Pasó a tener lugar ${promoted.nombre} (le avisamos por e-mail).`,
          confirmText: 'Avisarle por WhatsApp',
          cancelText: 'Listo',
        });
        if (tell) window.open(promoted.whatsappUrl, '_blank', 'noopener');
      } else if (answer.message) {
        const text = promoted ? `Pasó a tener lugar ${promoted.nombre} (le avisamos por e-mail).` : undefined;
        notify(answer.message, text);
      }
      return true;
    } catch (err) {
      await showFailure(err, title);
      return false;
    }
  };

  if (detail.status === 'loading') return <Loading />;
  if (detail.status === 'error') return <ErrorState message={detail.error.message} onRetry={detail.reload} />;
  const { session: s, bookings } = detail.data;
  const started = new Date(s.startsAt) <= new Date();
  const book = async (e: FormEvent) => {
    e.preventDefault();
    if (!client) return;
    if (await run(() => bookClient(s.id, client.idUsuario), 'No se pudo reservar')) {
      setClient(null);
      setPickerKey((k) => k + 1);
    }
  };
  const suspend = (motivo: string) => run(() => suspendSession(s.id, motivo), 'No se pudo suspender');
  const row = (b: ClassBooking) => (
    <tr key={b.id}>
      <td>
        {b.nombre} <small className="text-body-secondary">({b.idUsuario})</small>
      </td>
      <td>
        {b.status === 'espera' ? `En espera (puesto ${b.position})` : bookingStatusLabels[b.status]}
        {b.lateCancel && ' · tardía'}
      </td>
      <td className="text-end text-nowrap">
        {(b.status === 'reservada' || b.status === 'espera') && can('clases.gestionar') && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger me-2"
            onClick={() => void run(() => cancelBooking(b.id), 'No se pudo cancelar')}
          >
            Cancelar
          </button>
        )}
        {(b.status === 'asistio' || b.status === 'ausente') && can('clases.asistencia') && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary me-2"
            aria-label={`Deshacer la marca de ${b.nombre}`}
            onClick={() => void run(() => undoAttendance(b.id), 'No se pudo deshacer la marca')}
          >
            Deshacer
          </button>
        )}
        {started && b.status === 'reservada' && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-outline-success me-2"
              onClick={() => void run(() => markAttendance(b.id, true), 'No se pudo marcar')}
            >
              Asistió
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => void run(() => markAttendance(b.id, false), 'No se pudo marcar')}
            >
              No vino
            </button>
          </>
        )}
      </td>
    </tr>
  );
  return (
    <div className="card" data-testid="session-panel">
      <div className="card-body">
        <h2 className="h5">
          {disciplineLabels[s.discipline]} · {formatDay(s.day)} · {s.starts} a {s.ends}
        </h2>
        <p className="mb-2">
          {s.room}
          {s.coach && ` · ${s.coach}`} · {placesText(s.booked, s.capacity)} · {s.waiting} en espera
        </p>
        {s.status === 'cancelada' && <div className="alert alert-warning">Suspendida: {s.cancelReason}</div>}
        {s.status === 'programada' && !started && can('clases.gestionar') && (
          <form className="d-flex gap-2 mb-3 align-items-start" onSubmit={(e) => void book(e)}>
            <ClientPicker key={pickerKey} picked={client} onPick={setClient} />
            <button type="submit" className="btn btn-primary text-nowrap" disabled={!client}>
              Reservar lugar
            </button>
          </form>
        )}
        {bookings.length === 0 ? (
          <p className="text-body-secondary">Nadie reservó todavía.</p>
        ) : (
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th>Cliente</th>
                <th>Estado</th>
                <th />
              </tr>
            </thead>
            <tbody>{bookings.map(row)}</tbody>
          </table>
        )}
        {s.status === 'programada' && !started && can('clases.gestionar') && <SuspendSessionForm onSuspend={suspend} />}
      </div>
    </div>
  );
}
