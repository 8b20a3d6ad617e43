import { Router, type RequestHandler } from 'express';
import { allow, open } from '../../http/route-access';
import type { createConsumerRequestsController } from './consumer-requests.controller';

type Controller = ReturnType<typeof createConsumerRequestsController>;

/**
 * Disposición 954/2025: both buttons are public (no sign-in, throttled per address) and write their
 * own audit row with no staff actor; the desk reads them and settles a refund; nobody deletes one.
 */
export function consumerRequestsRoutes(
  controller: Controller,
  guards: { requireStaff: RequestHandler; throttle: (kind: string) => RequestHandler },
) {
  return Router()
    .post(
      '/consumo/baja',
      open({
        unaudited: true,
        input: '{nombre, contacto (DNI or e-mail), que: ["membresia" | "debito"], motivo?}',
        who: 'anyone (5 per address in 10 min, then 429)',
        notes:
          "201 `{codigo, message}`: the Botón de baja. The same answer whether or not a member matches (no enumeration); stored with who, when, what, IP and browser, and an audit row `baja.pedir`; a matched member (archived too) keeps what they paid for until their paid-until and is charged nothing after (the automatic debit is stopped at once); the code is mailed to the e-mail given, or the member's",
      }),
      guards.throttle('baja'),
      controller.baja,
    )
    .post(
      '/consumo/arrepentimiento',
      open({
        unaudited: true,
        input: '{numero, email} or {numero, t}',
        who: "the buyer (the order's e-mail or its token; 5 per address in 10 min, then 429)",
        notes:
          '201 `{codigo, message}`: the Botón de arrepentimiento, within 10 days of the purchase or the pick-up. Unpaid: cancelled, its stock returned; paid with Mercado Pago: refunded in full and cancelled; paid in cash or by transfer (or picked up): marked for refund at the desk. 404 when the number and e-mail do not match; 409 after 10 days, when already cancelled or already asked (nothing changes); the code is mailed to the buyer',
      }),
      guards.throttle('arrepentimiento'),
      controller.arrepentimiento,
    )
    .get(
      '/consumo/bajas',
      guards.requireStaff,
      allow('membresias.gestionar', {
        notes:
          '`{bajas: [{codigo, nombre, contacto, que, motivo, idUsuario, efectivaDesde, createdAt, ip}]}`: the desk\'s "Bajas pedidas", newest first (200); there is no route to delete one',
      }),
      controller.bajas,
    )
    .get(
      '/consumo/arrepentimientos',
      guards.requireStaff,
      allow('pedidos.gestionar', {
        notes:
          '`{arrepentimientos: [{codigo, numero, email, pago, outcome, createdAt, resolvedAt}]}`, newest first (200)',
      }),
      controller.arrepentimientos,
    )
    .post(
      '/consumo/arrepentimientos/:numero/devolucion',
      guards.requireStaff,
      allow('pedidos.gestionar', {
        notes:
          '`{arrepentimiento}`: the desk gave the money back and has the goods: the order is cancelled (also once picked up) and its stock returned, in one transaction with its audit row; 409 when it is not waiting for a refund',
      }),
      controller.settle,
    );
}
