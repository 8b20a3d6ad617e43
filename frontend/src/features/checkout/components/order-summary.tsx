import { COLOR_LABELS, type Color } from '@gym/contracts/catalog';
import { cartTotal, type CartLine } from '@/lib/cart';
import { formatPrice } from '@gym/contracts/format';

export function OrderSummary({ lines }: { lines: CartLine[] }) {
  return (
    <section aria-label="Resumen del pedido" className="card">
      <ul className="list-group list-group-flush">
        {lines.map((line) => (
          <li key={`${line.detalles._id}-${line.talle}-${line.color}`} className="list-group-item d-flex gap-2">
            <div className="flex-grow-1 small">
              <div className="fw-semibold">{line.detalles.nombre}</div>
              {line.talle && <span className="me-2">Talle: {line.talle.toUpperCase()}</span>}
              {line.color && <span className="me-2">Color: {COLOR_LABELS[line.color as Color] ?? line.color}</span>}
              <span>Cantidad: {line.cantidad}</span>
            </div>
            <span className="fw-semibold">{formatPrice(line.total)}</span>
          </li>
        ))}
        <li className="list-group-item d-flex justify-content-between fw-bold fs-5">
          <span>Total</span>
          <span data-testid="checkout-total">{formatPrice(cartTotal(lines))}</span>
        </li>
      </ul>
    </section>
  );
}
