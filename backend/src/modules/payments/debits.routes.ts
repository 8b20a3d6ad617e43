import { Router, type RequestHandler } from 'express';
import { allow, member } from '../../http/route-access';
import type { createDebitsController } from './debits.controller';

const mine = {
  notes:
    "`{debito: {id, estado, plan, amountCentavos, createdAt} | null}`: the member's automatic debit (the open one, else the latest); `estado` `pendiente` (asked of Mercado Pago, so back from authorising it reads `activo`), `activo`, `pausado` or `cancelado`",
};

/**
 * The member's automatic debit (their own only), the desk's rejected charges and the owner's list
 * of charges that did not match the plan. Its notifications arrive at the payments' webhook.
 */
export function debitsRoutes(
  controller: ReturnType<typeof createDebitsController>,
  guards: { staff: RequestHandler; requireMember: RequestHandler },
) {
  return Router()
    .post(
      '/socio/debito',
      guards.requireMember,
      member({
        notes:
          "201 `{initPoint, debito}`: a Mercado Pago preapproval (Suscripciones) for the plan's monthly fee (the server's amount, the plan's name as `reason`, monthly, ARS), where the member authorises it; a pending one at the same fee is answered again; 409 `Ya tenés el débito automático activo.`; 400 when the plan has no monthly fee; 502 when the provider cannot be reached. Each charge then records the month's payment as `mercadopago` (paid-until, receipt by e-mail), once per charge; a rejected one is e-mailed to the member and listed at the desk; a second one in a month is refunded",
      }),
      controller.start,
    )
    .get('/socio/debito', guards.requireMember, member(mine), controller.mine)
    .delete(
      '/socio/debito/:id',
      guards.requireMember,
      member({
        notes:
          "`{message, debito}`: stops the debit at once (cancelled at Mercado Pago, then here): `Listo: frenamos el débito automático. No se te va a cobrar más.`; someone else's or an unknown one is 404 `No encontramos ese débito automático.`",
      }),
      controller.stop,
    )
    .get(
      '/debitos/rechazados',
      guards.staff,
      allow('membresias.gestionar', {
        notes:
          '`{rechazados: [{idUsuario, nombre, periodo, amountCentavos, intentos, updatedAt}]}`: automatic debits Mercado Pago could not charge (it retries up to 4 times in 10 days; an approved retry leaves the list), newest first',
      }),
      controller.rejected,
    )
    .get(
      '/debitos/observados',
      guards.staff,
      allow('reportes.ver', {
        notes:
          "`{observados: [{idUsuario, nombre, periodo, amountCentavos, currency, expectedCentavos, updatedAt}]}`: charges whose amount or currency did not match the plan's fee: ignored (nothing recorded), listed for the owner",
      }),
      controller.observed,
    );
}
