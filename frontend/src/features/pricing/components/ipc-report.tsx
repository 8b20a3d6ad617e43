import { formatMoney } from '@gym/contracts/format-money';
import { formatDate } from '@gym/contracts/membership-dates';
import { countOf } from '@gym/contracts/format';
import { ErrorState, Loading } from '@/components/status';
import { useResource } from '@/hooks/use-resource';
import { getIpcReport } from '../api/pricing-api';

const MONTH = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'aaaa-mm' as "noviembre de 2026". */
const monthName = (mes: string) => MONTH.format(new Date(`${mes}-15T12:00:00Z`));

/**
 * Reportes' "Ingresos contra la inflación" (issue 47): each month's income as it came in and in
 * pesos of the last IPC month (what it is worth today), and the bajas in the 60 days after each
 * price change applied: what a rise cost.
 */
export function IpcReportSection() {
  const report = useResource(['reports', 'ipc'], getIpcReport);
  return (
    <section className="mt-5" aria-labelledby="ipc-report-title">
      <h2 id="ipc-report-title" className="h5">
        Ingresos contra la inflación
      </h2>
      {report.status === 'loading' && <Loading label="Cargando los ingresos y el IPC…" />}
      {report.status === 'error' && <ErrorState message={report.error.message} onRetry={report.reload} />}
      {report.status === 'ready' && (
        <>
          <p className="small text-body-secondary">
            {report.data.base
              ? `Cada mes en pesos de ${monthName(report.data.base)}, según el IPC del INDEC (nivel general).`
              : 'Todavía no hay valores del IPC: los ingresos se muestran como entraron.'}
          </p>
          <div className="table-responsive">
            <table className="table table-sm" aria-label="Ingresos contra la inflación">
              <thead>
                <tr>
                  <th scope="col">Mes</th>
                  <th scope="col" className="text-end">
                    Ingresos
                  </th>
                  <th scope="col" className="text-end">
                    En pesos de hoy
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.meses.map((m) => (
                  <tr key={m.mes}>
                    <td>{monthName(m.mes)}</td>
                    <td className="text-end text-nowrap">{formatMoney(m.ingresoCentavos)}</td>
                    <td className="text-end text-nowrap">
                      {m.ingresoRealCentavos === null ? '—' : formatMoney(m.ingresoRealCentavos)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="h6 mt-3">Bajas después de cada aumento</h3>
          {report.data.cambios.length === 0 ? (
            <p className="small text-body-secondary mb-0">Todavía no se aplicó ningún cambio de precio.</p>
          ) : (
            <ul className="mb-0" aria-label="Bajas después de cada aumento">
              {report.data.cambios.map((c) => (
                <li key={c.id}>
                  Cambio del {formatDate(c.fecha)} ({c.planes.join(', ')}):{' '}
                  {countOf(c.bajas60Dias, 'baja pedida', 'bajas pedidas')} en los 60 días siguientes
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
