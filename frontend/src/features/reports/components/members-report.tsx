import { ACTIVE_MEMBERS_DEFINITION, type MembersReport } from '@gym/contracts/reports';
import { formatDate } from '@gym/contracts/membership-dates';
import { ReportChart } from './report-chart';
import { formatCount, shortMonth } from './report-format';
import { SeriesTable, sum } from './series-table';

/** Whether the gym grows: members at each month's end, who started and who left. */
export function MembersSection({ report }: { report: MembersReport }) {
  return (
    <section aria-labelledby="members-trend" className="mb-4">
      <h2 id="members-trend" className="h5">
        Socios activos, altas y bajas
      </h2>
      <p className="mb-1">
        Socios activos hoy: <strong data-testid="socios-activos">{formatCount(report.activosHoy)}</strong>
      </p>
      <p className="small text-body-secondary mb-1">{ACTIVE_MEMBERS_DEFINITION}</p>
      <p className="small text-body-secondary">
        Activos de cada mes: en el mes en curso, los de hoy (la misma cifra del panel); en los anteriores, con la cuota
        paga el último día del mes, o entre una cuota y la siguiente si la renovaron dentro de los 30 días. Alta:
        empieza a pagar sin haber tenido cuota en los 30 días anteriores. Baja: la cuota venció y no se renovó en 30
        días; cuenta en el mes del primer día sin cuota. Las vencidas después del {formatDate(report.bajasHasta)}{' '}
        todavía pueden renovarse y no cuentan como baja.
      </p>
      <ReportChart
        label="socios"
        spec={{
          labels: report.meses.map(shortMonth),
          series: [
            { label: 'Activos', data: report.activos, colour: '#0d6efd', line: true },
            { label: 'Altas', data: report.altas, colour: '#198754' },
            { label: 'Bajas', data: report.bajas, colour: '#dc3545' },
          ],
        }}
      />
      <SeriesTable
        label="Socios activos, altas y bajas"
        months={report.meses}
        columns={[
          { label: 'Activos', values: report.activos },
          { label: 'Altas', values: report.altas },
          { label: 'Bajas', values: report.bajas },
        ]}
        foot={[{ label: 'Total', values: ['', sum(report.altas), sum(report.bajas)] }]}
      />
    </section>
  );
}
