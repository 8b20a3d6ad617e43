import { useState } from 'react';
import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import { disciplineLabels, isoWeekday, weekdayLabels } from '@gym/contracts/classes';
import { formatDay } from '@gym/contracts/format-dates';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { getSetup, listSessions } from '../api/classes-api';
import { ClassSettings } from '../components/class-settings';
import { OccupancyTable } from '../components/occupancy-table';
import { SessionPanel } from '../components/session-panel';
import { SuspendDayForm } from '../components/suspend-day-form';

const DAYS = 8;

/** /admin/clases: the week's sessions and their lists; the owner also edits rules, slots and plans. */
export default function ClassesPage() {
  usePageTitle('Clases');
  const today = tucumanToday(new Date());
  const [picked, setDay] = useState(today);
  const [selected, setSelected] = useState<string | null>(null);
  const sessions = useResource(['classes', 'sessions', today], (signal) => listSessions(today, DAYS, signal));
  const can = useCan();
  const owner = can('clases.configurar');
  const setup = useResource(['classes', 'setup', owner], (signal) =>
    owner ? getSetup(signal) : Promise.resolve(null),
  );

  // Only the days that have classes get a tab (no empty Sunday); the day shown is today's when it has any.
  const days =
    sessions.status === 'ready'
      ? Array.from({ length: DAYS }, (_, i) => addDays(today, i)).filter((d) => sessions.data.some((s) => s.day === d))
      : [];
  const day = days.includes(picked) ? picked : (days[0] ?? picked);

  return (
    <section>
      <h1 className="h3 mb-3">Clases</h1>
      <div className="btn-group flex-wrap mb-3" role="group" aria-label="Día">
        {days.map((d) => (
          <button
            key={d}
            type="button"
            className={`btn btn-sm ${d === day ? 'btn-dark' : 'btn-outline-dark'}`}
            aria-pressed={d === day}
            onClick={() => {
              setDay(d);
              setSelected(null);
            }}
          >
            {i18nDay(d, today)}
          </button>
        ))}
      </div>
      {sessions.status === 'loading' && <Loading />}
      {sessions.status === 'error' && <ErrorState message={sessions.error.message} onRetry={sessions.reload} />}
      {sessions.status === 'ready' && (
        <div className="row g-3">
          <div className="col-lg-5">
            {sessions.data.filter((s) => s.day === day).length === 0 ? (
              <EmptyState>No hay clases en los próximos días.</EmptyState>
            ) : (
              <div className="list-group" data-testid="sessions">
                {sessions.data
                  .filter((s) => s.day === day)
                  .map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      className={`list-group-item list-group-item-action d-flex justify-content-between${s.id === selected ? ' active' : ''}`}
                      onClick={() => setSelected(s.id)}
                    >
                      <span>
                        {s.starts} {disciplineLabels[s.discipline]}
                        {s.status === 'cancelada' && ' (suspendida)'}
                      </span>
                      <span>
                        {s.booked}/{s.capacity}
                        {s.waiting > 0 && ` +${s.waiting} en espera`}
                      </span>
                    </button>
                  ))}
              </div>
            )}
          </div>
          <div className="col-lg-7">{selected && <SessionPanel id={selected} />}</div>
          {can('clases.gestionar') && sessions.data.some((s) => s.day === day && s.status === 'programada') && (
            <div className="col-lg-5">
              <SuspendDayForm day={day} />
            </div>
          )}
        </div>
      )}
      <OccupancyTable />
      {owner && setup.status === 'ready' && setup.data && <ClassSettings setup={setup.data} />}
    </section>
  );
}

const i18nDay = (day: string, today: string) =>
  day === today ? 'Hoy' : `${weekdayLabels[isoWeekday(day)]!.slice(0, 3)} ${formatDay(day).slice(0, 5)}`;
