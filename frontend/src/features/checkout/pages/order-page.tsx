import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_LABEL,
  ORDER_STATE_LABELS,
  PAYMENT_LABELS,
  formatPrice,
  orderMessages,
  type Order,
} from '@gym/contracts';
import { ErrorState, Loading } from '../../../components/status';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useResource } from '../../../hooks/use-resource';
import { getOrder } from '../api/orders-api';
import { OrderLines } from '../../../components/order-lines';

function HowToPay({ order }: { order: Order }) {
  if (order.estado === 'cancelado') return <p>Este pedido fue cancelado y sus productos volvieron al stock.</p>;
  if (order.estado !== 'pendiente') return <p>Pago recibido. ¡Gracias!</p>;
  if (order.pago === 'efectivo' || !order.transferencia)
    return <p>Pagás en efectivo en la recepción del gimnasio, con el número de pedido.</p>;
  const { alias, cbu, titular } = order.transferencia;
  return (
    <>
      <p className="mb-1">Transferí {formatPrice(order.total)} y mandanos el comprobante con el número de pedido:</p>
      <dl className="row mb-0">
        <dt className="col-sm-3">Alias</dt>
        <dd className="col-sm-9" data-testid="transfer-alias">
          {alias}
        </dd>
        <dt className="col-sm-3">CBU</dt>
        <dd className="col-sm-9">{cbu}</dd>
        <dt className="col-sm-3">Titular</dt>
        <dd className="col-sm-9">{titular}</dd>
      </dl>
    </>
  );
}

/** /pedido/{número}?t=…: the buyer's confirmation, readable only with the secret token. */
export default function OrderPage() {
  const { numero = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const order = useResource((signal) => getOrder(numero, token, signal), [numero, token]);
  usePageTitle(`Pedido ${numero}`);

  if (order.status === 'loading') return <Loading label="Cargando pedido…" />;
  if (order.status === 'error') {
    return (
      <div className="container py-5">
        {order.error.status === 404 ? (
          <p className="text-center">
            {orderMessages.notFound}. <Link to={paths.shopHome}>Volver a la tienda</Link>
          </p>
        ) : (
          <ErrorState message={order.error.message} onRetry={order.reload} />
        )}
      </div>
    );
  }
  const o = order.data;
  return (
    <section className="container py-4">
      <h1 className="h3">
        {orderMessages.placed}: pedido {o.numero}
      </h1>
      <p>
        Estado: <span className="badge text-bg-secondary fs-6">{ORDER_STATE_LABELS[o.estado]}</span>
      </p>
      <OrderLines order={o} />
      <div className="row g-4">
        <div className="col-md-6">
          <h2 className="h5">Cómo pagar: {PAYMENT_LABELS[o.pago]}</h2>
          <HowToPay order={o} />
        </div>
        <div className="col-md-6">
          <h2 className="h5">Retiro: {DELIVERY_LABEL}</h2>
          <p>
            Lo retirás en la recepción del gimnasio cuando figure como pagado. Te mandamos este resumen a{' '}
            {o.comprador.email}. Guardá este enlace para volver a ver tu pedido.
          </p>
        </div>
      </div>
    </section>
  );
}
