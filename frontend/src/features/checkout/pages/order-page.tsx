import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_LABEL,
  ORDER_STATE_LABELS,
  PAYMENT_LABELS,
  orderGuide as g,
  orderMessages,
  type Order,
} from '@gym/contracts/orders';
import type { SiteInfo } from '@gym/contracts/site';
import { ARREPENTIMIENTO_LABEL, consumerPaths } from '@gym/contracts/consumer-labels';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { usePublicResource } from '@/hooks/use-public-resource';
import { useSiteInfo } from '@/hooks/use-site-info';
import { getOrder } from '../api/orders-api';
import { OrderLines } from '@/components/order-lines';
import { OrderPayment } from '../components/order-payment';

/** Where a transfer's receipt goes: the e-mail, and WhatsApp (a link) when the gym has one. */
function Receipt({ receipt }: { receipt: SiteInfo['receipt'] }) {
  const text = g.receipt(receipt);
  if (!receipt.whatsapp) return <p data-testid="receipt">{text}</p>;
  const number = `+${receipt.whatsapp}`;
  const [before, after] = text.split(number) as [string, string];
  return (
    <p data-testid="receipt">
      {before}
      <a href={`https://wa.me/${receipt.whatsapp}`} target="_blank" rel="noopener noreferrer">
        {number}
      </a>
      {after}
    </p>
  );
}

function HowToPay({
  order,
  site,
  token,
  onPaid,
}: {
  order: Order;
  site: SiteInfo | undefined;
  token: string;
  onPaid: () => void;
}) {
  if (order.pago === 'mercadopago')
    return (
      <>
        {order.estado === 'cancelado' && <p>Este pedido fue cancelado y sus productos volvieron al stock.</p>}
        <OrderPayment order={order} token={token} onPaid={onPaid} />
      </>
    );
  if (order.estado === 'cancelado') return <p>Este pedido fue cancelado y sus productos volvieron al stock.</p>;
  if (order.estado !== 'pendiente') return <p>Pago recibido. ¡Gracias!</p>;
  if (order.pago === 'efectivo' || !order.transferencia) return <p>{g.cash}</p>;
  const { alias, cbu, titular } = order.transferencia;
  return (
    <>
      <p className="mb-1">{g.transfer(order.total)}</p>
      <dl className="row mb-2">
        <dt className="col-sm-3">Alias</dt>
        <dd className="col-sm-9" data-testid="transfer-alias">
          {alias}
        </dd>
        <dt className="col-sm-3">CBU</dt>
        <dd className="col-sm-9">{cbu}</dd>
        <dt className="col-sm-3">Titular</dt>
        <dd className="col-sm-9">{titular}</dd>
      </dl>
      {site && <Receipt receipt={site.receipt} />}
    </>
  );
}

/** Where and when it is picked up, in the words that fit its state and payment. */
function Pickup({ order, site }: { order: Order; site: SiteInfo | undefined }) {
  if (order.estado === 'cancelado' || order.estado === 'entregado') return null;
  const lead = order.estado === 'pagado' ? g.readyWhere : order.pago === 'efectivo' ? g.pickupCash : g.pickupTransfer;
  return (
    <>
      {order.estado === 'pagado' && <p>{g.ready(order.numero)}</p>}
      {site && (
        <p data-testid="pickup">
          {lead} {g.where(site.pickup)}.
        </p>
      )}
    </>
  );
}

/** /pedido/{número}?t=…: the buyer's confirmation, readable only with the secret token. */
export default function OrderPage() {
  const { numero = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const order = usePublicResource((signal) => getOrder(numero, token, signal), [numero, token]);
  const site = useSiteInfo();
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
  const info = site.status === 'ready' ? site.data : undefined;
  // "Pedido confirmado" above "Pago rechazado" (or a cancelled order) told the buyer two things at once.
  const confirmed = o.estado !== 'cancelado' && !(o.pago === 'mercadopago' && o.estado === 'pendiente');
  return (
    <section className="container py-4">
      <h1 className="h3">
        {confirmed ? `${orderMessages.placed}: pedido` : 'Pedido'} <span className="text-nowrap">{o.numero}</span>
      </h1>
      <p>
        Estado: <span className="badge text-bg-secondary fs-6">{ORDER_STATE_LABELS[o.estado]}</span>
      </p>
      <OrderLines order={o} />
      <div className="row g-4">
        <div className="col-md-6">
          <h2 className="h5">Cómo pagar: {PAYMENT_LABELS[o.pago]}</h2>
          <HowToPay order={o} site={info} token={token} onPaid={order.reload} />
        </div>
        <div className="col-md-6">
          <h2 className="h5">{DELIVERY_LABEL}</h2>
          <Pickup order={o} site={info} />
          <p>Te mandamos este resumen a {o.comprador.email}. Guardá este enlace para volver a ver tu pedido.</p>
          {o.estado !== 'cancelado' && (
            <p>
              <Link to={consumerPaths.arrepentimientoOf(o.numero, token)}>{ARREPENTIMIENTO_LABEL}</Link>: tenés 10 días
              desde la compra o el retiro para cancelarlo.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
