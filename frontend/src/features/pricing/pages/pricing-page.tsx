import { useState } from 'react';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import {
  priceCategoryLabels,
  type PriceChangeStatus,
  type PriceChangeView,
  type PricePreview,
} from '@gym/contracts/pricing';
import { confirmAction } from '@/components/alerts';
import { notify } from '@/components/notices';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { cancelChange, getChanges, getIpc, listPlans, postponeChange } from '../api/pricing-api';
import { KIND_LABELS, PriceChangeForm } from '../components/price-change-form';

const categoryLabel = (c: string) => (priceCategoryLabels as Record<string, string | undefined>)[c] ?? c;

const STATUS_LABELS: Record<PriceChangeStatus, { text: string; badge: string }> = {
  programado: { text: 'Programado', badge: 'text-bg-secondary' },
  avisado: { text: 'Avisado', badge: 'text-bg-info' },
  aplicado: { text: 'Aplicado', badge: 'text-bg-success' },
  cancelado: { text: 'Cancelado', badge: 'text-bg-light' },
};

const percent = (n: number) => `${n.toLocaleString('es-AR', { maximumFractionDigits: 2 })} %`;

/** The last IPC month before choosing it; while it cannot be read, why a change by IPC waits. */
function IpcCard() {
  const ipc = useResource(['plans', 'precios', 'ipc'], getIpc);
  return (
    <section className="card mb-3" aria-labelledby="ipc-title" style={{ maxWidth: '36rem' }}>
      <div className="card-body">
        <h2 id="ipc-title" className="h6 text-body-secondary mb-1">
          Inflación (IPC del INDEC, nivel general)
        </h2>
        {ipc.status === 'loading' && <Loading label="Leyendo el IPC…" />}
        {ipc.status === 'error' && (
          <p className="text-danger small mb-0" role="alert">
            {ipc.error.message}
          </p>
        )}
        {ipc.status === 'ready' && (
          <p className="mb-0" data-testid="ipc">
            {ipc.data.mes}: {ipc.data.variacionMensual === null ? 'sin variación' : percent(ipc.data.variacionMensual)}{' '}
            <small className="text-body-secondary">
              (índice {ipc.data.valor.toLocaleString('es-AR')},{' '}
              {ipc.data.fuente === 'api' ? 'datos.gob.ar' : 'archivo guardado'})
            </small>
          </p>
        )}
      </div>
    </section>
  );
}

function PreviewTable({ preview }: { preview: PricePreview }) {
  const name = new Map(preview.planes.map((p) => [p.idPlan, p.nombrePlan]));
  return (
    <section aria-labelledby="preview-title" className="mb-4">
      <h2 id="preview-title" className="h5">
        Vista previa
      </h2>
      <ul className="list-unstyled mb-2">
        {preview.planes.map((p) => (
          <li key={p.idPlan}>
            <strong>{p.nombrePlan}</strong>: {formatMoney(p.cuotaActualCentavos)} → {formatMoney(p.cuotaNuevaCentavos)}
          </li>
        ))}
      </ul>
      {preview.productos.cantidad > 0 && (
        <div className="mb-2" data-testid="preview-products">
          <p className="mb-1">
            Tienda ({preview.productos.categorias.map(categoryLabel).join(', ')}):{' '}
            {preview.productos.cantidad === 1 ? '1 producto' : `${preview.productos.cantidad} productos`} cambian de
            precio{preview.productos.cantidad > preview.productos.ejemplos.length ? ', por ejemplo' : ''}:
          </p>
          <ul className="mb-0" aria-label="Productos del cambio">
            {preview.productos.ejemplos.map((p) => (
              <li key={p.id}>
                {p.nombre}: {formatMoney(p.precioActualCentavos)} → {formatMoney(p.precioNuevoCentavos)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p data-testid="preview-income">
        Ingreso esperado del mes: {formatMoney(preview.ingresoMensualAntesCentavos)} →{' '}
        {formatMoney(preview.ingresoMensualDespuesCentavos)}
      </p>
      <div className="table-responsive">
        <table className="table table-sm table-stack" aria-label="Socios del cambio">
          <thead>
            <tr>
              <th scope="col">Socio</th>
              <th scope="col">Plan</th>
              <th scope="col" className="text-end">
                Cuota actual
              </th>
              <th scope="col" className="text-end">
                Cuota nueva
              </th>
              <th scope="col">Queda afuera</th>
            </tr>
          </thead>
          <tbody>
            {[...preview.afectados.map((a) => ({ ...a, motivoTexto: '' })), ...preview.excluidos].map((m) => (
              <tr key={m.idUsuario}>
                <td data-label="Socio">{m.nombre}</td>
                <td data-label="Plan">{name.get(m.idPlan) ?? m.idPlan}</td>
                <td data-label="Cuota actual" className="text-end text-nowrap">
                  {formatMoney(m.cuotaActualCentavos)}
                </td>
                <td data-label="Cuota nueva" className="text-end text-nowrap">
                  {m.motivoTexto ? '—' : formatMoney(m.cuotaNuevaCentavos)}
                </td>
                <td data-label="Queda afuera">{m.motivoTexto || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChangeRow({ c, canManage }: { c: PriceChangeView; canManage: boolean }) {
  const [fecha, setFecha] = useState('');
  const status = STATUS_LABELS[c.estado];
  const open = c.estado === 'programado' || c.estado === 'avisado';
  const cancel = async () => {
    const yes = await confirmAction({
      title: '¿Cancelar el cambio de precio?',
      text: `El cambio del ${formatDay(c.fecha)} no se va a aplicar.`,
      confirmText: 'Cancelar el cambio',
      cancelText: 'Volver',
    });
    if (!yes) return;
    try {
      notify((await cancelChange(c.id)).message);
    } catch (err) {
      await showFailure(err, 'El cambio no se canceló');
    }
  };
  const postpone = async () => {
    try {
      await postponeChange(c.id, fecha);
      notify(`Cambio pospuesto al ${formatDay(fecha)}`);
    } catch (err) {
      await showFailure(err, 'El cambio no se pospuso');
    }
  };
  return (
    <tr>
      <td data-label="Fecha" className="text-nowrap">
        {formatDay(c.fecha)}
      </td>
      <td data-label="Planes">
        {c.planes.map((p) => (
          <div key={p.idPlan}>
            {p.nombrePlan}: {formatMoney(p.cuotaActualCentavos)} → {formatMoney(p.cuotaNuevaCentavos)}
          </div>
        ))}
        {(c.categorias ?? []).length > 0 && <div>Tienda: {c.categorias.map(categoryLabel).join(', ')}</div>}
      </td>
      <td data-label="Cómo">
        {c.tipo === 'porcentaje' || c.tipo === 'ipc'
          ? `${KIND_LABELS[c.tipo]}: ${percent(c.valor)}`
          : KIND_LABELS[c.tipo]}
      </td>
      <td data-label="Estado">
        <span className={`badge ${status.badge}`}>{status.text}</span>
        {c.avisoEnviadoEn && (
          <small className="d-block text-body-secondary">avisado {formatInstant(c.avisoEnviadoEn)}</small>
        )}
      </td>
      <td>
        {canManage && c.estado === 'programado' && (
          <button type="button" className="btn btn-outline-danger btn-sm mb-1" onClick={cancel}>
            Cancelar
          </button>
        )}
        {canManage && open && (
          <div className="d-flex gap-1">
            <label className="visually-hidden" htmlFor={`posponer-${c.id}`}>
              Fecha nueva
            </label>
            <input
              id={`posponer-${c.id}`}
              type="date"
              className="form-control form-control-sm"
              value={fecha}
              min={addDays(c.fecha, 1)}
              onChange={(event) => setFecha(event.target.value)}
            />
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={!fecha} onClick={postpone}>
              Posponer
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * /admin/precios (issue 47): the owner schedules a plan's new fee (an amount, a percentage or the
 * last month's IPC) and optionally the shop categories' prices from a date, sees who it touches and who is left out before, and the list of
 * changes: cancelled before the members are told, postponed after.
 */
export default function PricingPage() {
  usePageTitle('Precios');
  const can = useCan();
  const canManage = can('precios.gestionar');
  const plans = useResource(['plans', 'list'], listPlans);
  const changes = useResource(['plans', 'precios', 'cambios'], getChanges);
  const [preview, setPreview] = useState<PricePreview>();

  return (
    <section>
      <h1 className="h3 mb-3">Precios</h1>
      <IpcCard />
      {canManage && (
        <PriceChangeForm
          plans={plans}
          today={addDays(tucumanToday(new Date()), 30)}
          preview={preview}
          onPreview={setPreview}
        />
      )}
      {preview && <PreviewTable preview={preview} />}
      <h2 className="h5">Cambios</h2>
      {changes.status === 'loading' && <Loading label="Cargando los cambios…" />}
      {changes.status === 'error' && <ErrorState message={changes.error.message} onRetry={changes.reload} />}
      {changes.status === 'ready' && changes.data.cambios.length === 0 && (
        <EmptyState>Todavía no hay cambios de precio.</EmptyState>
      )}
      {changes.status === 'ready' && changes.data.cambios.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm table-stack" aria-label="Cambios de precio">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Planes</th>
                <th scope="col">Cómo</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.data.cambios.map((c) => (
                <ChangeRow key={c.id} c={c} canManage={canManage} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
