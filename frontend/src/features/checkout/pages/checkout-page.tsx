import { HTTPError } from 'ky';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cartMessages } from '@gym/contracts/messages';
import { isApiErrorBody } from '@gym/contracts/errors';
import type { CartLine } from '@/lib/cart';
import type { CheckoutValues, OrderConflictLine } from '@gym/contracts/orders';
import { toApiFailure } from '@/api/client';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/hooks/use-site-info';
import { placeOrder, startOrderCheckout } from '../api/orders-api';
import { adjustCart, newIdempotencyKey } from '../cart-adjust';
import { CheckoutForm } from '../components/checkout-form';
import { OrderSummary } from '../components/order-summary';

interface Refusal {
  message: string;
  lineas: OrderConflictLine[];
}

async function refusalOf(err: unknown): Promise<Refusal | undefined> {
  if (!(err instanceof HTTPError) || err.response.status !== 409) return undefined;
  const body: unknown = await err.response
    .clone()
    .json()
    .catch(() => undefined);
  return isApiErrorBody(body) && body.error.lineas
    ? { message: body.error.message, lineas: body.error.lineas }
    : undefined;
}

/** /checkout: the buyer's details; the server decides prices and stock, and the cart empties only once the order exists. */
export default function CheckoutPage({
  lines,
  onReplaceLines,
}: {
  lines: CartLine[];
  onReplaceLines: (lines: CartLine[]) => void;
}) {
  usePageTitle('Finalizar compra');
  const navigate = useNavigate();
  const key = useRef(newIdempotencyKey());
  const [refusal, setRefusal] = useState<Refusal>();
  const [failure, setFailure] = useState<string>();
  const site = useSiteInfo();

  const submit = async (values: CheckoutValues) => {
    setFailure(undefined);
    const lineas = lines.map((l) => ({
      producto: l.detalles._id,
      ...(l.talle ? { talle: l.talle } : {}),
      ...(l.color ? { color: l.color } : {}),
      cantidad: l.cantidad,
      precio: l.detalles.precio,
    }));
    try {
      const order = await placeOrder(values, lineas, key.current);
      onReplaceLines([]);
      const orderPage = paths.order(order.numero, order.token ?? '');
      if (order.pago === 'mercadopago') {
        // The order exists and holds its stock: if the provider cannot be reached, its page offers to try again.
        const checkout = await startOrderCheckout(order.numero, order.token ?? '').catch(() => undefined);
        if (checkout) return window.location.assign(checkout.checkoutUrl);
      }
      void navigate(orderPage, { replace: true });
    } catch (err) {
      const refused = await refusalOf(err);
      const plain = await toApiFailure(err);
      // A network failure keeps the key: sending again is the same order, never a second one.
      if (plain.status !== null) key.current = newIdempotencyKey();
      if (refused) setRefusal(refused);
      else setFailure(plain.message);
    }
  };

  const adjust = () => {
    if (!refusal) return;
    onReplaceLines(adjustCart(lines, refusal.lineas));
    key.current = newIdempotencyKey();
    setRefusal(undefined);
  };

  if (lines.length === 0) {
    return (
      <section className="container py-5 text-center">
        <h1 className="h3">Finalizar compra</h1>
        <p className="text-secondary my-4">{cartMessages.empty}</p>
        <Link to={paths.shopHome} className="btn btn-primary">
          Ir a la tienda
        </Link>
      </section>
    );
  }
  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">Finalizar compra</h1>
      {refusal && (
        <div className="alert alert-warning" role="alert">
          <p>{refusal.message}</p>
          <button type="button" className="btn btn-warning" onClick={adjust}>
            Ajustar el carrito
          </button>
        </div>
      )}
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      {/* The summary and its total come first: on a phone they sit above "Confirmar pedido", beside it on a wide screen. */}
      <div className="row g-4">
        <div className="col-lg-5 order-lg-last">
          <OrderSummary lines={lines} />
        </div>
        <div className="col-lg-7">
          <CheckoutForm onSubmit={submit} mercadoPago={site.status === 'ready' && site.data.mercadoPago} />
        </div>
      </div>
    </section>
  );
}
