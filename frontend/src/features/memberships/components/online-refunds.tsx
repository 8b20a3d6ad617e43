import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { renewalRefundText } from '@gym/contracts/orders';
import { useResource } from '@/hooks/use-resource';
import { getOnlineRefunds } from '../api/memberships-api';

/**
 * Renewal payments Mercado Pago gave back by themselves (paid twice, too late, or for a member
 * archived), under the client's payments: never income, each with its reason. Nothing when none.
 */
export function OnlineRefunds({ idUsuario }: { idUsuario: string }) {
  const refunds = useResource(['memberships', 'reembolsos', idUsuario], (signal) =>
    getOnlineRefunds(idUsuario, signal),
  );
  if (refunds.status !== 'ready' || refunds.data.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="h6">Pagos de Mercado Pago devueltos</h4>
      <ul className="list-group" aria-label="Pagos de Mercado Pago devueltos">
        {refunds.data.map((r) => (
          <li key={r.mercadoPago} className="list-group-item">
            <div className="small text-body-secondary">
              {formatInstant(r.createdAt)} · Mercado Pago, operación {r.mercadoPago}
            </div>
            <span className="text-nowrap">{formatMoney(r.amountCentavos)}</span> · {renewalRefundText(r.reason)}
          </li>
        ))}
      </ul>
    </div>
  );
}
