import { useEffect, useRef, useState } from 'react';
import {
  onlinePaymentTitles as titles,
  orderGuide,
  type OnlinePaymentOutcome,
  type Order,
} from '@gym/contracts/orders';
import { toApiFailure } from '@/api/client';
import { usePublicResource } from '@/hooks/use-public-resource';
import { orderPayment, startOrderCheckout } from '../api/orders-api';

const TONE: Record<OnlinePaymentOutcome, string> = {
  'sin-pago': 'secondary',
  pendiente: 'warning',
  aprobado: 'success',
  rechazado: 'danger',
  reembolsado: 'secondary',
  vencido: 'secondary',
};

/** While the provider is still deciding, the page asks again on its own for two minutes; then the e-mail tells. */
const POLL_MS = 5_000;
const MAX_POLLS = 24;

function PayButton({ numero, token, label }: { numero: string; token: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const pay = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      window.location.assign((await startOrderCheckout(numero, token)).checkoutUrl);
    } catch (err) {
      setFailure((await toApiFailure(err)).message);
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Abriendo Mercado Pago…' : label}
      </button>
      {failure && (
        <p className="text-danger mt-2 mb-0" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

/**
 * The order page's payment with Mercado Pago: what the provider says of it (asked on arrival,
 * so the buyer back from paying sees it even before the notification), and a way to pay or retry.
 */
export function OrderPayment({ order, token, onPaid }: { order: Order; token: string; onPaid: () => void }) {
  const { numero, estado } = order;
  const payment = usePublicResource((signal) => orderPayment(numero, token, signal), [numero, token, estado]);
  const outcome = payment.status === 'ready' ? payment.data.outcome : undefined;
  const reload = payment.status === 'ready' ? payment.reload : undefined;

  const polls = useRef(0);
  useEffect(() => {
    if (outcome === 'aprobado' && estado === 'pendiente') onPaid();
    if (outcome !== 'pendiente' || !reload) return;
    const timer = setInterval(() => {
      polls.current += 1;
      if (polls.current > MAX_POLLS) clearInterval(timer);
      else reload();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [outcome, estado, onPaid, reload]);

  if (estado === 'pagado' || estado === 'entregado')
    return (
      <p className="alert alert-success" role="status" data-testid="mp-outcome">
        {titles.aprobado}. ¡Gracias!
      </p>
    );
  if (payment.status === 'loading') return <p className="text-body-secondary">Consultando el pago en Mercado Pago…</p>;
  if (payment.status === 'error')
    return (
      <>
        <p className="text-danger" role="alert">
          {payment.error.message}
        </p>
        <PayButton numero={numero} token={token} label="Pagar con Mercado Pago" />
      </>
    );
  const shown = payment.data.outcome;
  if (estado === 'cancelado' && shown !== 'reembolsado') return null;
  return (
    <div>
      <p className={`alert alert-${TONE[shown]}`} role="status" data-testid="mp-outcome">
        {titles[shown]}
      </p>
      {shown === 'pendiente' && (
        <p>Mercado Pago todavía no acreditó el pago. Te avisamos por e-mail apenas se apruebe.</p>
      )}
      {shown === 'vencido' && <p>Pasó el plazo para pagar este pedido y sus productos volvieron al stock.</p>}
      {(shown === 'sin-pago' || shown === 'rechazado') && estado === 'pendiente' && (
        <>
          <PayButton
            numero={numero}
            token={token}
            label={shown === 'rechazado' ? 'Probar otra vez' : 'Pagar con Mercado Pago'}
          />
          <p className="small text-body-secondary mt-2 mb-0">{orderGuide.onlineOrDesk}</p>
        </>
      )}
    </div>
  );
}
