import { COLOR_LABELS, type Color } from '@gym/contracts/catalog';
import { formatPrice } from '@gym/contracts/format';
import type { Order } from '@gym/contracts/orders';
import './table-stack.css';

/** An order's lines as sold (names and prices kept on the order), with its total; cards on a phone (table-stack). */
export function OrderLines({ order }: { order: Order }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle table-stack">
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Talle</th>
            <th scope="col">Color</th>
            <th scope="col" className="text-end">
              Cantidad
            </th>
            <th scope="col" className="text-end">
              Precio
            </th>
            <th scope="col" className="text-end">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lineas.map((l, i) => (
            <tr key={i}>
              <td data-label="Producto">{l.nombre}</td>
              <td data-label="Talle">{l.talle?.toUpperCase() ?? '—'}</td>
              <td data-label="Color">{l.color ? (COLOR_LABELS[l.color as Color] ?? l.color) : '—'}</td>
              <td data-label="Cantidad" className="text-end">
                {l.cantidad}
              </td>
              <td data-label="Precio" className="text-end text-nowrap">
                {formatPrice(l.precio)}
              </td>
              <td data-label="Subtotal" className="text-end text-nowrap">
                {formatPrice(l.subtotal)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-bold">
            <td colSpan={5}>Total</td>
            <td className="text-end text-nowrap" data-testid="order-total">
              {formatPrice(order.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
