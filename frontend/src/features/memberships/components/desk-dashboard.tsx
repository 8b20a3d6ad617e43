import { Link } from 'react-router-dom';
import {
  ACTIVE_MEMBERS_DEFINITION,
  CLOSING_METHODS,
  INCOME_DEFINITION,
  incomeSummary,
  methodTotal,
} from '@gym/contracts/reports';
import { countOf } from '@gym/contracts/format';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { paymentMethodLabels, type DashboardFigures } from '@gym/contracts/memberships';
import { ErrorState, Loading } from '@/components/status';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { getDashboard } from '../api/memberships-api';

function Figure({
  to,
  label,
  value,
  tone,
  hint,
}: {
  to: string;
  label: string;
  value: string | number;
  tone?: string;
  /** What the figure counts, under it, when the word alone could be read two ways. */
  hint?: string;
}) {
  return (
    <div className="col">
      <Link to={to} className="card h-100 text-decoration-none admin-card">
        <div className="card-body">
          <p className="card-text text-body-secondary small mb-1">{label}</p>
          <p className={`h3 mb-0${tone ? ` text-${tone}` : ''}`}>{value}</p>
          {hint && <p className="small text-body-secondary mt-1 mb-0">{hint}</p>}
        </div>
      </Link>
    </div>
  );
}

/** Mails the server refused: the desk knows a buyer or member may not have heard from the gym yet. */
const waitingMailsLine = (n: number) =>
  n === 1
    ? 'Un correo a un cliente no pudo salir: el servidor de correo no lo aceptó. Se reintenta solo durante un día; si no sale, avisale a quien mantiene el sistema.'
    : `${n} correos a clientes no pudieron salir: el servidor de correo no los aceptó. Se reintentan solos durante un día; si no salen, avisale a quien mantiene el sistema.`;

/** The desk's figures above the panel's cards; every number is an SQL aggregate and links to its list. */
export function DeskDashboard() {
  const data = useResource(['memberships', 'dashboard'], getDashboard);
  if (data.status === 'loading') return <Loading label="Cargando el tablero…" />;
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />;
  const f: DashboardFigures = data.data;
  const list = paths.admin.memberships;
  const run = f.ultimoRecordatorio;
  return (
    <section aria-labelledby="tablero-titulo" className="mb-5">
      <h2 id="tablero-titulo" className="h5 mb-3">
        Recepción
      </h2>
      <div className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-3">
        <Figure to={list('activas')} label="Socios activos" value={f.activas} hint={ACTIVE_MEMBERS_DEFINITION} />
        <Figure to={list('por-vencer')} label="Vencen en 7 días" value={f.porVencer} tone="warning-emphasis" />
        <Figure to={list('vencidas')} label="Vencidas" value={f.vencidas} tone="danger" />
        <Figure to={list('pausadas')} label="Pausadas" value={f.pausadas} />
        <Figure to={paths.admin.clientList} label="Nuevos clientes este mes" value={f.nuevosClientes} />
        <Figure to={list('sin-apto')} label="Sin apto físico" value={f.sinApto} tone="danger" />
        <Figure
          to={list('comprobantes')}
          label="Comprobantes por revisar"
          value={f.comprobantes}
          tone={f.comprobantes > 0 ? 'warning-emphasis' : undefined}
        />
      </div>
      <Link to={list('activas')} className="card mt-3 text-decoration-none admin-card">
        <div className="card-body">
          <p className="card-text text-body-secondary small mb-1">Ingresos del mes</p>
          <p className="h4 mb-1" data-testid="ingresos-mes">
            {incomeSummary(f.ingresos.mes)}
          </p>
          <p className="small text-body-secondary mb-2" data-testid="ingresos-mes-anterior">
            Mes anterior: {incomeSummary(f.ingresos.mesAnterior)}. {INCOME_DEFINITION}
          </p>
          <ul className="list-inline small mb-0">
            {CLOSING_METHODS.map((method) => (
              <li key={method} className="list-inline-item me-3">
                {paymentMethodLabels[method]}: {formatMoney(methodTotal(f.ingresos.mes, method))} (
                {formatMoney(methodTotal(f.ingresos.mesAnterior, method))})
              </li>
            ))}
          </ul>
        </div>
      </Link>
      <p className="small text-body-secondary mt-2 mb-0" data-testid="ultimo-recordatorio">
        {run?.finishedAt
          ? `Recordatorios automáticos: última corrida el ${formatInstant(run.finishedAt)}, ${
              run.status === 'ok' ? countOf(run.sent ?? 0, 'enviado', 'enviados') : 'con error'
            }.`
          : 'Recordatorios automáticos: todavía no corrieron.'}
      </p>
      {f.correosEnEspera > 0 && (
        <p className="small text-danger-emphasis fw-semibold mt-2 mb-0" data-testid="correos-en-espera">
          {waitingMailsLine(f.correosEnEspera)}
        </p>
      )}
    </section>
  );
}
