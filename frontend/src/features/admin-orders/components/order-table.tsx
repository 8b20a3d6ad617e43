import { Link } from 'react-router-dom';
import { ORDER_STATE_LABELS, PAYMENT_LABELS, type Order } from '@gym/contracts/orders';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatPrice } from '@gym/contracts/format';
import { paths } from '@/config/paths';

export const STATE_BADGES = {
  pendiente: 'text-bg-warning',
  pagado: 'text-bg-info',
  entregado: 'text-bg-success',
  cancelado: 'text-bg-secondary',
} as const;

/** The staff's order list: a table, cards on a phone (table-stack), the number never wrapping. */
export function OrderTable({ orders }: { orders: Order[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle table-stack">
        <thead>
          <tr>
            <th scope="col">Número</th>
            <th scope="col">Fecha</th>
            <th scope="col">Comprador</th>
            <th scope="col">Pago</th>
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.numero}>
              <td data-label="Número" className="text-nowrap">
                <Link to={paths.admin.order(o.numero)}>{o.numero}</Link>
              </td>
              <td data-label="Fecha" className="text-nowrap">
                {formatInstant(o.createdAt)}
              </td>
              <td data-label="Comprador">
                {o.comprador.nombre} {o.comprador.apellido}
                <div className="small text-body-secondary">{o.comprador.email}</div>
              </td>
              <td data-label="Pago">{PAYMENT_LABELS[o.pago]}</td>
              <td data-label="Total" className="text-end text-nowrap">
                {formatPrice(o.total)}
              </td>
              <td data-label="Estado">
                <span className={`badge ${STATE_BADGES[o.estado]}`}>{ORDER_STATE_LABELS[o.estado]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
