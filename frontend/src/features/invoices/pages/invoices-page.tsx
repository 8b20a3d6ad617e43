import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INVOICE_STATES, type InvoiceState, type InvoiceView } from '@gym/contracts/invoices';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { getInvoiceMonth, getInvoices } from '../api/invoices-api';
import { CertificateWarning } from '../components/certificate-warning';
import { ReceiverFix } from '../components/receiver-fix';

const TAB_TITLES: Record<InvoiceState, string> = {
  autorizada: 'Autorizadas',
  pendiente: 'Pendientes',
  rechazada: 'Rechazadas',
  sin_factura: 'Sin factura',
};

const STATE_LABELS: Record<InvoiceState, { text: string; badge: string }> = {
  autorizada: { text: 'Autorizada', badge: 'text-bg-success' },
  pendiente: { text: 'Pendiente', badge: 'text-bg-warning' },
  rechazada: { text: 'Rechazada', badge: 'text-bg-danger' },
  sin_factura: { text: 'Sin factura', badge: 'text-bg-secondary' },
};

const TABS: { key?: InvoiceState; title: string }[] = [
  { title: 'Todas' },
  ...(['autorizada', 'pendiente', 'rechazada', 'sin_factura'] as const).map((key) => ({ key, title: TAB_TITLES[key] })),
];

/** How often a list with invoices waiting for ARCA asks again (the job runs every 15 s). */
const PENDING_REFRESH_MS = 10_000;

const isState = (value: string | null): value is InvoiceState => INVOICE_STATES.includes(value as InvoiceState);

/** The month's invoiced total next to its income: they agree once every payment is authorised. */
function MonthSummary() {
  const [mes, setMes] = useState(() => tucumanToday(new Date()).slice(0, 7));
  const summary = useResource(['invoices', 'month', mes], (signal) => getInvoiceMonth(mes, signal));
  return (
    <section aria-labelledby="invoices-month" className="card mb-4" style={{ maxWidth: '36rem' }}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-2">
          <h2 id="invoices-month" className="h5 mb-0">
            Facturado en el mes
          </h2>
          <div>
            <label htmlFor="invoices-month-input" className="form-label small mb-0">
              Mes
            </label>
            <input
              id="invoices-month-input"
              type="month"
              className="form-control form-control-sm"
              value={mes}
              onChange={(event) => event.target.value && setMes(event.target.value)}
            />
          </div>
        </div>
        {summary.status === 'loading' && <Loading label="Sumando el mes…" />}
        {summary.status === 'error' && <ErrorState message={summary.error.message} onRetry={summary.reload} />}
        {summary.status === 'ready' && (
          <>
            <dl className="row mb-0">
              <dt className="col-7">Facturado (facturas − notas de crédito)</dt>
              <dd className="col-5 text-end" data-testid="invoiced">
                {formatMoney(summary.data.facturadoCentavos)}
              </dd>
              <dt className="col-7">Ingresos del mes</dt>
              <dd className="col-5 text-end" data-testid="income">
                {formatMoney(summary.data.ingresosCentavos)}
              </dd>
              {summary.data.pendienteCentavos > 0 && (
                <>
                  <dt className="col-7 fw-normal text-body-secondary">Esperando a ARCA</dt>
                  <dd className="col-5 text-end text-body-secondary">{formatMoney(summary.data.pendienteCentavos)}</dd>
                </>
              )}
            </dl>
            {summary.data.diferenciaCentavos === 0 ? (
              <p className="text-success mb-0 mt-2" data-testid="invoice-difference">
                Coinciden: todo lo cobrado en el mes está facturado.
              </p>
            ) : (
              <div className="alert alert-warning mb-0 mt-2" role="alert" data-testid="invoice-difference">
                Diferencia: {formatMoney(summary.data.diferenciaCentavos)}{' '}
                {summary.data.diferenciaCentavos > 0
                  ? 'cobrados sin facturar (pendientes, rechazadas o sin factura).'
                  : 'facturados de más frente a los ingresos del mes.'}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function InvoiceRow({ f, canRetry }: { f: InvoiceView; canRetry: boolean }) {
  const state = STATE_LABELS[f.estado];
  const [fixing, setFixing] = useState(false);
  return (
    <>
      <tr>
        <td data-label="Número" className="font-monospace text-nowrap">
          {f.numero ?? '—'}
        </td>
        <td data-label="Tipo" className="text-nowrap">
          {f.tipo}
          <br />
          <small className="text-body-secondary">{f.detalle}</small>
        </td>
        <td data-label="Fecha" className="text-nowrap">
          {f.fecha ? (
            formatDay(f.fecha)
          ) : (
            <small className="text-body-secondary">cargada {formatInstant(f.creadaAt)}</small>
          )}
        </td>
        <td data-label="Total" className="text-end text-nowrap">
          {formatMoney(f.totalCentavos)}
        </td>
        <td data-label="CAE">
          {f.cae ? (
            <>
              <span className="font-monospace">{f.cae}</span>
              <br />
              <small className="text-body-secondary">vence {formatDay(f.caeVence)}</small>
            </>
          ) : (
            '—'
          )}
        </td>
        <td data-label="Estado">
          <span className={`badge ${state.badge}`}>{state.text}</span>
          {f.mensajeArca && (
            <p className="small mb-0 mt-1">
              <span className="visually-hidden">ARCA dice: </span>
              <q>{f.mensajeArca}</q>
            </p>
          )}
          {f.queHacer && f.estado !== 'autorizada' && (
            <p className="small text-body-secondary mb-0 mt-1">Qué hacer: {f.queHacer}</p>
          )}
        </td>
        <td>
          {f.estado === 'rechazada' && canRetry && !fixing && (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setFixing(true)}>
              Corregir y reintentar
            </button>
          )}
        </td>
      </tr>
      {fixing && (
        <tr>
          <td colSpan={7}>
            <ReceiverFix invoice={f} onClose={() => setFixing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** While nothing is invoiced at all: most likely invoicing is not configured yet. */
function NothingInvoiced() {
  return (
    <div className="alert alert-info" role="note">
      <p className="mb-1">
        <strong>Todavía no hay facturas.</strong> La facturación electrónica no está configurada o no se registró ningún
        pago desde que se activó.
      </p>
      <p className="mb-0 small">
        Mientras no esté configurada, los pagos se registran igual pero no se facturan. Para activarla, quien administra
        el sistema carga el CUIT, el punto de venta y el certificado de ARCA (ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT y
        ARCA_KEY): los pasos están en <code>docs/invoicing.md</code>.
      </p>
    </div>
  );
}

/**
 * /admin/facturas (issue 44): ARCA's electronic invoices by state, a rejected one retried after
 * its data was fixed, and the month's invoiced total next to its income.
 */
export default function InvoicesPage() {
  usePageTitle('Facturas');
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const estadoParam = search.get('estado');
  const estado = isState(estadoParam) ? estadoParam : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  // While an invoice on screen waits for ARCA, the list asks again by itself: the owner sees it authorised.
  const list = useResource(
    ['invoices', 'list', estado ?? 'todas', page],
    (signal) => getInvoices({ estado, page }, signal),
    {
      refreshEvery: (shown) => (shown.facturas.some((f) => f.estado === 'pendiente') ? PENDING_REFRESH_MS : false),
    },
  );
  // Page 1 of the rejected ones, which their tab shows too: its total is the tab's count.
  const rejected = useResource(['invoices', 'list', 'rechazada', 1], (signal) =>
    getInvoices({ estado: 'rechazada', page: 1 }, signal),
  );

  const show = (next: { estado?: InvoiceState; page?: number }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if ('estado' in next) {
          if (next.estado) params.set('estado', next.estado);
          else params.delete('estado');
        }
        if (next.page && next.page > 1) params.set('page', String(next.page));
        else params.delete('page');
        return params;
      },
      { replace: false },
    );

  const rejectedCount = rejected.status === 'ready' ? rejected.data.total : undefined;

  return (
    <section>
      <h1 className="h3 mb-3">Facturas</h1>
      <CertificateWarning />
      <MonthSummary />
      <ul className="nav nav-tabs mb-3" aria-label="Estado de las facturas">
        {TABS.map((tab) => {
          const active = tab.key === estado;
          return (
            <li className="nav-item" key={tab.key ?? 'todas'}>
              <button
                type="button"
                className={`nav-link${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                onClick={() => show({ estado: tab.key, page: 1 })}
              >
                {tab.title}
                {tab.key === 'rechazada' && rejectedCount !== undefined && rejectedCount > 0 && (
                  <span className="badge text-bg-danger ms-1">
                    {rejectedCount}
                    <span className="visually-hidden"> por revisar</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {list.status === 'loading' && <Loading label="Cargando facturas…" />}
      {list.status === 'error' && <ErrorState message={list.error.message} onRetry={list.reload} />}
      {list.status === 'ready' &&
        (list.data.total === 0 ? (
          estado === undefined ? (
            <NothingInvoiced />
          ) : (
            <EmptyState>No hay facturas {TAB_TITLES[estado].toLowerCase()}.</EmptyState>
          )
        ) : (
          <>
            <p className="small text-body-secondary">
              {list.data.total === 1 ? '1 factura' : `${list.data.total.toLocaleString('es-AR')} facturas`}
            </p>
            <div className="table-responsive">
              <table className="table table-sm align-middle table-stack" aria-label="Facturas">
                <thead>
                  <tr>
                    <th scope="col">Número</th>
                    <th scope="col">Tipo</th>
                    <th scope="col">Fecha</th>
                    <th scope="col" className="text-end">
                      Total
                    </th>
                    <th scope="col">CAE</th>
                    <th scope="col">Estado</th>
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.facturas.map((f) => (
                    <InvoiceRow key={f.id} f={f} canRetry={can('facturas.reintentar')} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={list.data.page}
              pages={Math.ceil(list.data.total / list.data.limit)}
              onChange={(next) => show({ page: next })}
              label="Páginas de facturas"
            />
          </>
        ))}
    </section>
  );
}
