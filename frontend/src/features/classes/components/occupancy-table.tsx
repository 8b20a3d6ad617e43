import { disciplineLabels, OCCUPANCY_WEEKS, weekdayLabels } from '@gym/contracts/classes';
import { useResource } from '@/hooks/use-resource';
import { getOccupancy } from '../api/classes-api';

/** How full each slot ran over the last 4 weeks: places held and attended per class, against the capacity. */
export function OccupancyTable() {
  const data = useResource(['classes', 'occupancy'], getOccupancy);
  if (data.status !== 'ready') return null;
  const pct = (n: number, of: number) => (of > 0 ? `${Math.round((100 * n) / of)} %` : '—');
  return (
    <details className="mt-4">
      <summary className="h5">Ocupación de las últimas {OCCUPANCY_WEEKS} semanas</summary>
      <table className="table table-sm align-middle" data-testid="occupancy">
        <thead>
          <tr>
            <th>Clase</th>
            <th>Clases dadas</th>
            <th>Reservas por clase</th>
            <th>Asistencia por clase</th>
            <th>Ocupación</th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((o) => (
            <tr key={o.slotId}>
              <td>
                {disciplineLabels[o.discipline]} {weekdayLabels[o.weekday]} {o.starts}
              </td>
              <td>{o.sessions}</td>
              <td>{o.sessions ? `${o.booked} de ${o.capacity}` : '—'}</td>
              <td>{o.sessions ? o.attended : '—'}</td>
              <td>{o.sessions ? pct(o.booked, o.capacity) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
