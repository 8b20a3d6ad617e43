import { Router, type RequestHandler } from 'express';
import { allow, member, open } from '../../http/route-access';
import type { createPaymentsController } from './payments.controller';

const renewal = {
  notes:
    "201 `{checkoutUrl}`: 1 to 12 months of the plan's monthly fee at Mercado Pago (on approval the payment is recorded as `mercadopago`, paid-until moves and the receipt is e-mailed; a second approved payment is refunded by itself); the open renewal for the same months is answered again; at most `MEMBER_RENEWALS_PER_10_MIN` (5) new ones in 10 minutes, then 429 `Pediste demasiados pagos en poco tiempo…`; `{pago}`: their latest renewal online as the provider has it, or null",
};

/**
 * The provider's webhook is public and proves itself with its signature; a buyer reaches their
 * order's payment with the order's secret token (in the body, never in a logged URL); the refund
 * and a member's renewal payments given back are staff's; the renewal, the member's own.
 */
export function paymentsRoutes(
  controller: ReturnType<typeof createPaymentsController>,
  guards: { refundStaff: RequestHandler; requireMember: RequestHandler },
) {
  return Router()
    .post(
      '/pagos/mercadopago/webhook',
      // What the provider's notification applies is audited with the provider as actor.
      open({
        signed: true,
        unaudited: true,
        input: '?data.id=&type=payment|subscription_preapproval|subscription_authorized_payment',
        who: 'Mercado Pago (its `x-signature`)',
        notes:
          '200 `{ok}`; 401 when the signature is missing, forged or more than 5 minutes off (nothing changes). The payment is read back from the provider and applied only when its `external_reference`, amount (centavos) and currency (ARS) are ours, once however many notifications arrive; an approved payment the order or the renewal can no longer take (an order cancelled or already paid; a renewal already paid, expired, or of a member archived) is refunded at once, once (a row in `online_refunds` and an audit row with the reason). `subscription_preapproval` and `subscription_authorized_payment` (automatic debits, same signature) are read back too: the debit’s status follows the preapproval’s; an authorised payment whose amount and currency match the debit records the month once per charge (see `POST /v1/socio/debito`)',
      }),
      controller.webhook,
    )
    .post(
      '/pagos/mercadopago/pedidos/:numero',
      // Starting a checkout changes nothing of the gym's.
      open({
        unaudited: true,
        input: '{t}',
        who: "the buyer (the order's token)",
        notes:
          "201 `{checkoutUrl}`: a Checkout Pro preference for a pending `mercadopago` order (the server's prices, `external_reference` `pedido-<número>`, back to `/pedido/<número>?t=…`, expiring with the unpaid hold); again after a rejection; 409 when paid, cancelled or not paid this way; 502 in Spanish when the provider cannot be reached",
      }),
      controller.checkoutOrder,
    )
    .post(
      '/pagos/mercadopago/pedidos/:numero/estado',
      // What the buyer's return applies is audited with the provider as actor.
      open({
        unaudited: true,
        input: '{t}',
        who: "the buyer (the order's token)",
        notes:
          '`{outcome, amountCentavos, months, createdAt}`: `sin-pago`, `pendiente`, `aprobado`, `rechazado`, `reembolsado` or `vencido`, after asking the provider (an approved payment is applied here too, so the buyer back from paying sees it before the notification)',
      }),
      controller.orderStatus,
    )
    .post(
      '/pagos/mercadopago/pedidos/:numero/reembolso',
      guards.refundStaff,
      allow('pedidos.gestionar', {
        notes:
          '`{order, message}`: refunds a paid Mercado Pago order in full (the refunds API, keyed by the payment: a retry is the same refund), then cancels it and returns its stock; 502 saying why when the provider refuses (the order stays paid)',
      }),
      controller.refundOrder,
    )
    .get(
      '/pagos/mercadopago/socios/:idUsuario/reembolsos',
      guards.refundStaff,
      allow('membresias.gestionar', {
        notes:
          '`{reembolsos: [{mercadoPago, amountCentavos, reason, createdAt}]}`: the member\'s renewal payments Mercado Pago gave back by themselves, newest first (`reason`: `ya-pagada`, `archivado` or `vencida`); the client\'s page lists them under *Pagos* as "Reembolsado: la renovación ya estaba pagada"',
      }),
      controller.memberRefunds,
    )
    .post('/socio/mercadopago', guards.requireMember, member({ input: '{meses}', ...renewal }), controller.startRenewal)
    .get('/socio/mercadopago', guards.requireMember, member(renewal), controller.latestRenewal);
}
