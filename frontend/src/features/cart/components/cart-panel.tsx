import { Link } from 'react-router-dom';
import { cartMessages } from '@gym/contracts/messages';
import { cartTotal } from '@/lib/cart';
import { COLOR_LABELS, type Color } from '@gym/contracts/catalog';
import { formatPrice } from '@gym/contracts/format';
import { pictureFor } from '@/lib/product-image';
import { Offcanvas } from '@/components/offcanvas';
import { paths } from '@/config/paths';
import { useCart } from '../cart-context';

/** SPEC §2 cart side panel: lines, a total, COMPRAR (to /checkout, not the spec's /error), or 'El carrito está vacío'. */
export function CartPanel() {
  const { lines, remove, panelOpen, setPanelOpen } = useCart();
  const close = () => setPanelOpen(false);
  return (
    <Offcanvas open={panelOpen} title="Carrito" onClose={close}>
      {lines.length === 0 ? (
        <p className="text-center text-secondary my-5">{cartMessages.empty}</p>
      ) : (
        <>
          <ul className="list-unstyled d-grid gap-3 mb-4" aria-label="Productos en el carrito">
            {lines.map((line, index) => (
              <li
                key={`${line.detalles._id}-${line.talle}-${line.color}`}
                className="d-flex gap-3 align-items-start cart-line"
              >
                <img
                  src={pictureFor(line.detalles.imagen, line.color as Color | '')}
                  alt=""
                  width={64}
                  height={64}
                  className="rounded bg-light object-fit-cover"
                />
                <div className="flex-grow-1 small">
                  <div className="fw-semibold">{line.detalles.nombre}</div>
                  <div>Cantidad: {line.cantidad}</div>
                  {line.color && <div>Color: {COLOR_LABELS[line.color as Color] ?? line.color}</div>}
                  {line.talle && <div>Talle: {line.talle.toUpperCase()}</div>}
                  <div className="fw-semibold mt-1">{formatPrice(line.total)}</div>
                </div>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={`Quitar ${line.detalles.nombre} del carrito`}
                  onClick={() => remove(index)}
                >
                  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
                    <path d="M5.5 5.5a.5.5 0 0 1 1 0v6a.5.5 0 0 1-1 0zm4 0a.5.5 0 0 1 1 0v6a.5.5 0 0 1-1 0zM2 3h12v1h-1v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4H2zm3-2h6v1H5z" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <div className="d-flex justify-content-between fs-5 fw-bold border-top pt-3 mb-3">
            <span>Total</span>
            <span data-testid="cart-total">{formatPrice(cartTotal(lines))}</span>
          </div>
          <Link to={paths.checkout} className="btn btn-primary w-100" onClick={close}>
            COMPRAR
          </Link>
        </>
      )}
    </Offcanvas>
  );
}
