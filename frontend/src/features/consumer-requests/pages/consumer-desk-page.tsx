import {
  arrepentimientoOutcomeText,
  bajaTargetLabels,
  type ArrepentimientoOutcome,
  type ArrepentimientoView,
  type BajaView,
} from '@gym/contracts/consumer-requests';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatDate } from '@gym/contracts/membership-dates';
import { PAYMENT_LABELS, type PaymentMethod } from '@gym/contracts/orders';
import { confirmAction } from '@/components/alerts';
import { notify } from '@/components/notices';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { getArrepentimientos, getBajas, settleArrepentimiento } from '../api/consumer-api';

const OUTCOME_LABELS: Record<ArrepentimientoOutcome, string> = {
  cancelado: 'Cancelado',
  reembolsado: 'Reembolsado por Mercado Pago',
  'reembolso-pendiente': 'A devolver en el gimnasio',
  devuelto: 'Devuelto',
};

function BajasTable({ bajas }: { bajas: BajaView[] }) {
  if (bajas.length === 0) return <EmptyState>Nadie pidió la baja todavía.</EmptyState>;
  return (
    <table className="table table-sm table-stack" aria-label="Bajas pedidas">
      <thead>
        <tr>
          <th scope="col">Código</th>
          <th scope="col">Cuándo</th>
          <th scope="col">Quién</th>
          <th scope="col">Qué</th>
          <th scope="col">Socio</th>
          <th scope="col">Sin cargos después del</th>
          <th scope="col">Motivo</th>
        </tr>
      </thead>
      <tbody>
        {bajas.map((b) => (
          <tr key={b.codigo}>
            <td data-label="Código" className="font-monospace">
              {b.codigo}
            </td>
            <td data-label="Cuándo">{formatInstant(b.createdAt)}</td>
            <td data-label="Quién">
              {b.nombre} ({b.contacto})
            </td>
            <td data-label="Qué">{b.que.map((q) => bajaTargetLabels[q]).join(', ')}</td>
            <td data-label="Socio">{b.idUsuario ?? 'Ninguno coincide'}</td>
            <td data-label="Sin cargos después del">{b.efectivaDesde ? formatDate(b.efectivaDesde) : '—'}</td>
            <td data-label="Motivo">{b.motivo || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ArrepentimientosTable({ rows, onSettled }: { rows: ArrepentimientoView[]; onSettled: () => void }) {
  const settle = async (numero: string) => {
    const sure = await confirmAction({
      icon: 'question',
      title: `¿Devolviste el dinero del pedido ${numero}?`,
      text: 'El pedido se cancela y sus productos vuelven al stock.',
      confirmText: 'Sí, devuelto',
      cancelText: 'Todavía no',
    });
    if (!sure) return;
    try {
      await settleArrepentimiento(numero);
      notify('Listo', `Pedido ${numero}: devuelto y de nuevo en stock.`);
      onSettled();
    } catch (err) {
      await showFailure(err);
    }
  };
  if (rows.length === 0) return <EmptyState>Nadie se arrepintió de una compra todavía.</EmptyState>;
  return (
    <table className="table table-sm table-stack" aria-label="Arrepentimientos">
      <thead>
        <tr>
          <th scope="col">Código</th>
          <th scope="col">Cuándo</th>
          <th scope="col">Pedido</th>
          <th scope="col">Pago</th>
          <th scope="col">Estado</th>
          <th scope="col" aria-label="Acciones" />
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.codigo}>
            <td data-label="Código" className="font-monospace">
              {a.codigo}
            </td>
            <td data-label="Cuándo">{formatInstant(a.createdAt)}</td>
            <td data-label="Pedido">
              {a.numero} ({a.email})
            </td>
            <td data-label="Pago">{PAYMENT_LABELS[a.pago as PaymentMethod] ?? a.pago}</td>
            <td data-label="Estado" title={arrepentimientoOutcomeText[a.outcome]}>
              {OUTCOME_LABELS[a.outcome]}
            </td>
            <td>
              {a.outcome === 'reembolso-pendiente' && (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void settle(a.numero)}>
                  Marcar devuelto
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section<T>({
  title,
  resource,
  children,
}: {
  title: string;
  resource: ReturnType<typeof useResource<T>>;
  children: (data: T) => React.ReactNode;
}) {
  return (
    <section className="mb-4">
      <h2 className="h5">{title}</h2>
      {resource.status === 'loading' && <Loading />}
      {resource.status === 'error' && <ErrorState message={resource.error.message} onRetry={resource.reload} />}
      {resource.status === 'ready' && children(resource.data)}
    </section>
  );
}

function Arrepentimientos() {
  const rows = useResource(['consumer', 'arrepentimientos'], getArrepentimientos);
  return (
    <Section title="Arrepentimientos" resource={rows}>
      {(data) => <ArrepentimientosTable rows={data} onSettled={rows.reload} />}
    </Section>
  );
}

/**
 * /admin/bajas: what people asked with the Botón de baja and the Botón de arrepentimiento
 * (Disposición 954/2025). Nothing here deletes one; a refund at the desk is marked when done.
 */
export default function ConsumerDeskPage() {
  usePageTitle('Bajas pedidas');
  const allowed = useCan();
  const bajas = useResource(['consumer', 'bajas'], getBajas);
  return (
    <>
      <h1 className="h3 mb-3">Bajas pedidas</h1>
      <Section title="Botón de baja" resource={bajas}>
        {(data) => <BajasTable bajas={data} />}
      </Section>
      {allowed('pedidos.gestionar') && <Arrepentimientos />}
    </>
  );
}
