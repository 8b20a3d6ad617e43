import { agreeing } from '@gym/contracts/format';
import { formatDate } from '@gym/contracts/membership-dates';
import { weekdayLabels } from '@gym/contracts/classes';
import type { AttendanceReport } from '@gym/contracts/reports';
import { ReportChart } from './report-chart';
import { formatCount } from './report-format';

const DAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => weekdayLabels[d]!);

/** When the door gets busy: check-ins let through, by weekday and hour, over twelve weeks. */
export function AttendanceSection({ report }: { report: AttendanceReport }) {
  const byHour = Array.from({ length: 24 }, (_, h) => report.porDiaYHora.reduce((t, day) => t + (day[h] ?? 0), 0));
  const busy = byHour.flatMap((n, h) => (n > 0 ? [h] : []));
  const hours = busy.length ? Array.from({ length: busy.at(-1)! - busy[0]! + 1 }, (_, i) => busy[0]! + i) : [];
  const max = Math.max(1, ...report.porDiaYHora.flat());
  return (
    <section aria-labelledby="attendance" className="mb-4">
      <h2 id="attendance" className="h5">
        Ingresos a la sede por día y hora
      </h2>
      <p className="small text-body-secondary">
        Del {formatDate(report.desde)} al {formatDate(report.hasta)}: {formatCount(report.total)}{' '}
        {agreeing(report.total, 'ingreso permitido', 'ingresos permitidos')} en la puerta.
      </p>
      {hours.length > 0 && (
        <>
          <ReportChart
            label="ingresos por hora"
            spec={{
              labels: hours.map((h) => `${h} h`),
              series: [{ label: 'Ingresos', data: hours.map((h) => byHour[h]!), colour: '#0d6efd' }],
            }}
          />
          <div className="table-responsive">
            <table className="table table-sm small text-nowrap text-center" aria-label="Ingresos por día y hora">
              <thead>
                <tr>
                  <th scope="col">Hora</th>
                  {DAYS.map((d) => (
                    <th key={d} scope="col" title={d} aria-label={d}>
                      {d.slice(0, 2)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {hours.map((h) => (
                  <tr key={h}>
                    <th scope="row" className="fw-normal">
                      {h} h
                    </th>
                    {report.porDiaYHora.map((day, d) => {
                      const n = day[h] ?? 0;
                      return (
                        <td
                          key={DAYS[d]}
                          style={
                            n ? { background: `rgba(13, 110, 253, ${(0.1 + (0.5 * n) / max).toFixed(2)})` } : undefined
                          }
                        >
                          {formatCount(n)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
