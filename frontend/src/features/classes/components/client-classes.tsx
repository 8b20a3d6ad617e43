import { useState, type FormEvent } from 'react';
import { bookingStatusLabels, disciplineLabels } from '@gym/contracts/classes';
import { countOf } from '@gym/contracts/format';
import { formatDay } from '@gym/contracts/format-dates';
import { changing } from '@/api/server-state';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { getClientClasses, setDni } from '../api/classes-api';
import { notify } from '@/components/notices';

/** On a client's page: their DNI for the door (to the desk), how often they came or missed, and their latest classes. */
export function ClientClasses({ idUsuario }: { idUsuario: string }) {
  const data = useResource(['classes', 'client', idUsuario], (signal) => getClientClasses(idUsuario, signal));
  const can = useCan();
  const [dni, setDniText] = useState<string | null>(null);
  if (data.status === 'loading') return <Loading />;
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />;
  const c = data.data;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await changing(['classes'], setDni(idUsuario, dni ?? c.dni ?? ''));
      setDniText(null);
      notify('DNI guardado');
    } catch (err) {
      await showFailure(err, 'No se pudo guardar el DNI');
    }
  };
  return (
    <section className="card mt-4" aria-labelledby="client-classes">
      <div className="card-body">
        <h2 className="h5" id="client-classes">
          Clases e ingreso
        </h2>
        {/* The DNI only to whoever runs the door: a trainer's answer does not carry it. */}
        {can('clases.gestionar') && (
          <form className="d-flex gap-2 align-items-end mb-3" onSubmit={(e) => void save(e)}>
            <div>
              <label htmlFor="client-dni" className="form-label">
                DNI (para buscarlo en la puerta)
              </label>
              <input
                id="client-dni"
                className="form-control"
                inputMode="numeric"
                placeholder="Sin DNI"
                value={dni ?? c.dni ?? ''}
                onChange={(e) => setDniText(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-outline-primary" disabled={dni === null}>
              Guardar DNI
            </button>
          </form>
        )}
        <p data-testid="client-attendance">
          Asistió a {c.asistencias} · faltó a {c.ausencias} ·{' '}
          {countOf(c.tardias, 'cancelación tardía', 'cancelaciones tardías')}
        </p>
        {c.ultimas.length > 0 && (
          <ul className="list-unstyled mb-0">
            {c.ultimas.map((b) => (
              <li key={b.id}>
                {formatDay(b.day)} {b.starts} · {disciplineLabels[b.discipline]} · {bookingStatusLabels[b.status]}
                {b.lateCancel && ' (tardía)'}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
