import { COLOR_LABELS, formatPrice, type Color, type Order } from '@gym/contracts';

/** An order's lines as sold (names and prices kept on the order), with its total. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle">
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
              <td>{l.nombre}</td>
              <td>{l.talle?.toUpperCase() ?? '—'}</td>
              <td>{l.color ? (COLOR_LABELS[l.color as Color] ?? l.color) : '—'}</td>
              <td className="text-end">{l.cantidad}</td>
              <td className="text-end">{formatPrice(l.precio)}</td>
              <td className="text-end">{formatPrice(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-bold">
            <td colSpan={5}>Total</td>
            <td className="text-end" data-testid="order-total">
              {formatPrice(order.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
