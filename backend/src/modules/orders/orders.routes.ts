import { Router, type RequestHandler } from 'express';
import { allow, open } from '../../http/route-access';
import type { createOrdersController } from './orders.controller';

type Controller = ReturnType<typeof createOrdersController>;

const place =
  '201 `{order: {numero, token, estado: "pendiente", total, lineas: [{producto, nombre, talle, color, cantidad, precio, subtotal}], …}}`: prices and stock decided by the server in one transaction; 409 `{error: {message, lineas: [{producto, talle, color, disponible, precio}]}}` when a line\'s stock is short or its price is not the `precio` the cart showed, the message naming product, size and colour; 400 with the Spanish rule that failed. Lines of one variant are merged before the 99-per-line rule (400) and every price given is checked (409). A shop buyer takes at most `ORDER_MAX_UNITS_PER_VARIANT` (10) units of a size and colour and `ORDER_MAX_UNITS` (30) per order (409 saying the limit, with `lineas`) and holds at most `ORDER_MAX_UNPAID_UNITS` (30) unpaid units per e-mail and per address (429 saying what is left); staff signed in with `pedidos.gestionar` sell past these limits. An `Idempotency-Key` header (8–100 letters, digits, `-`, `_`) makes a retry the same order (answered with `Idempotent-Replayed: true`); the same key with another body is 409';

/**
 * Buying is public (and throttled per address; staff who run orders sell beyond the shop's
 * limits, so their session is read when there is one); the buyer reads an order with its secret token,
 * staff with their session; the list and the workflow are staff only.
 */
export function ordersRoutes(
  controller: Controller,
  guards: {
    requireStaff: RequestHandler;
    deskStaff: RequestHandler;
    throttle: RequestHandler;
    staffOrToken: RequestHandler;
  },
) {
  return Router()
    .post(
      '/orders',
      open({
        unaudited: true,
        input:
          '{comprador: {nombre, apellido, email, celular}, pago: "efectivo" | "transferencia" | "mercadopago", lineas: [{producto, talle?, color?, cantidad, precio?}]}',
        who: 'anyone (at most `ORDER_MAX_PER_ADDRESS` orders per address in 10 min, then 429)',
        notes: place,
      }),
      guards.throttle,
      guards.deskStaff,
      controller.place,
    )
    .get(
      '/orders',
      guards.requireStaff,
      allow('pedidos.gestionar', {
        input: '?estado=&q=&page=&limit=',
        notes: '`{orders, total, page, limit}`, newest first; `q` searches number, name and e-mail',
      }),
      controller.list,
    )
    .get(
      '/orders/:numero',
      guards.staffOrToken,
      allow('pedidos.gestionar', {
        orToken: true,
        input: '?t=<token>',
        who: 'the buyer (the token), or staff (`pedidos.gestionar`)',
        notes: '`{order}` with how to pay (alias and CBU when by transfer); 404 without the right token',
      }),
      controller.get,
    )
    .post(
      '/orders/:numero/estado',
      guards.requireStaff,
      allow('pedidos.gestionar', {
        input: '{estado}',
        notes:
          '`{order}`: pendiente → pagado → entregado, or pendiente/pagado → cancelado (its stock returned); who and when kept per step; 409 for a step the workflow does not allow (back to pendiente too), and for cancelling a paid Mercado Pago order without its refund; its audit row keeps the state before and the total',
      }),
      controller.changeState,
    );
}
