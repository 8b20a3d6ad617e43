import { Link } from 'react-router-dom';
import { countOf } from '@gym/contracts/format';
import { disciplineLabels, placesText } from '@gym/contracts/classes';
import { useResource } from '@/hooks/use-resource';
import { getToday } from '../api/classes-api';
import { classPaths } from '../class-paths';

/** The dashboard's classes: who came in today and how full each of today's classes is. */
export function TodayClasses() {
  const today = useResource(['classes', 'today'], getToday);
  if (today.status !== 'ready') return null;
  const { ingresos, rechazados, sesiones } = today.data;
  return (
    <div className="card mb-4" data-testid="today-classes">
      <div className="card-body">
        <h2 className="h5">
          Hoy: <Link to={classPaths.door}>{countOf(ingresos, 'ingreso', 'ingresos')}</Link>
          {rechazados > 0 && ` y ${countOf(rechazados, 'rechazado', 'rechazados')} en la puerta`}
        </h2>
        {sesiones.length === 0 ? (
          <p className="mb-0 text-body-secondary">No hay clases hoy.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {sesiones.map((s) => (
              <li key={s.id}>
                {s.starts} {disciplineLabels[s.discipline]}:{' '}
                {s.status === 'cancelada' ? 'suspendida' : placesText(s.booked, s.capacity)}
                {s.waiting > 0 && `, ${s.waiting} en espera`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
