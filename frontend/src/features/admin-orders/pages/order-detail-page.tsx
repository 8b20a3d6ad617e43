import { Link, useParams } from 'react-router-dom';
import { formatInstant } from '@gym/contracts/format-dates';
import {
  DELIVERY_LABEL,
  ORDER_STATE_LABELS,
  ORDER_TRANSITIONS,
  PAYMENT_LABELS,
  orderMessages as m,
  paidOnline,
  paymentMessages as pm,
  type Order,
  type OrderState,
} from '@gym/contracts/orders';
import { formatPrice } from '@gym/contracts/format';
import { confirmAction } from '@/components/alerts';
import { OrderLines } from '@/components/order-lines';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { changeOrderState, getOrder, refundOrder } from '../api/orders-api';
import { STATE_BADGES } from '../components/order-table';
import { notify } from '@/components/notices';

const ACTIONS: Record<OrderState, string> = {
  pendiente: '',
  pagado: 'Marcar pagado',
  entregado: 'Marcar entregado',
  cancelado: 'Cancelar pedido',
};

const refundable = paidOnline;

function Steps({ order }: { order: Order }) {
  const steps = (['pagado', 'entregado', 'cancelado'] as const).filter((s) => order[s]);
  return (
    <ul className="list-unstyled small" aria-label="Historial">
      <li>Creado el {formatInstant(order.createdAt)}</li>
      {steps.map((s) => (
        <li key={s}>
          {ORDER_STATE_LABELS[s]} el {formatInstant(order[s]!.at)} por {order[s]!.por}
        </li>
      ))}
    </ul>
  );
}

/** /admin/pedidos/{número}: the order and the workflow's next steps, each confirmed first. */
export default function OrderDetailPage() {
  const { numero = '' } = useParams();
  usePageTitle(`Pedido ${numero}`);
  const order = useResource(['orders', 'staff-one', numero], (signal) => getOrder(numero, signal));

  /** A paid Mercado Pago order is cancelled by refunding it: the money goes back before the stock. */
  const refund = async (o: Order) => {
    const yes = await confirmAction({
      title: pm.refundConfirm(numero),
      text: pm.refundText(formatPrice(o.total)),
      confirmText: 'Cancelar y reembolsar',
      cancelText: 'Volver',
      danger: true,
    });
    if (!yes) {
      notify(m.stepNotDone);
      return;
    }
    try {
      const { message } = await refundOrder(numero);
      notify(message);
    } catch (err) {
      await showFailure(err, m.stepNotDone);
      order.reload();
    }
  };

  const move = async (to: OrderState) => {
    if (to === 'cancelado' && order.status === 'ready' && refundable(order.data)) return refund(order.data);
    const yes = await confirmAction({
      title: m.confirmStep(numero, to),
      text: to === 'cancelado' ? m.cancelText : undefined,
      confirmText: ACTIONS[to],
      cancelText: 'Volver',
      danger: to === 'cancelado',
    });
    if (!yes) {
      notify(m.stepNotDone);
      return;
    }
    try {
      await changeOrderState(numero, to);
      notify(m.stepDone(numero, to));
    } catch (err) {
      await showFailure(err, m.stepNotDone);
      order.reload();
    }
  };

  if (order.status === 'loading') return <Loading label="Cargando pedido…" />;
  if (order.status === 'error') return <ErrorState message={order.error.message} onRetry={order.reload} />;
  const o = order.data;
  return (
    <section>
      <Link to={paths.admin.orders} className="btn btn-link px-0 mb-2">
        ← Pedidos
      </Link>
      <h1 className="h3">
        Pedido <span className="text-nowrap">{o.numero}</span>{' '}
        <span className={`badge ${STATE_BADGES[o.estado]} fs-6 align-middle`}>{ORDER_STATE_LABELS[o.estado]}</span>
      </h1>
      <Steps order={o} />
      <div className="row g-3 mb-3">
        <div className="col-md-6">
          <h2 className="h6">Comprador</h2>
          <p className="mb-0">
            {o.comprador.nombre} {o.comprador.apellido}
            <br />
            {o.comprador.email} · cel. {o.comprador.celular}
          </p>
        </div>
        <div className="col-md-6">
          <h2 className="h6">Pago y entrega</h2>
          <p className="mb-0">
            {PAYMENT_LABELS[o.pago]} · {DELIVERY_LABEL}
          </p>
        </div>
      </div>
      <OrderLines order={o} />
      <div className="d-flex flex-wrap gap-2">
        {ORDER_TRANSITIONS[o.estado].map((to) => (
          <button
            key={to}
            type="button"
            className={`btn ${to === 'cancelado' ? 'btn-outline-danger' : 'btn-primary'}`}
            onClick={() => void move(to)}
          >
            {to === 'cancelado' && refundable(o) ? 'Cancelar y reembolsar' : ACTIONS[to]}
          </button>
        ))}
      </div>
    </section>
  );
}
