import { Router, type RequestHandler } from 'express';
import type { createPaymentsController } from './payments.controller';

/**
 * The provider's webhook is public and proves itself with its signature; a buyer reaches their
 * order's payment with the order's secret token (in the body, never in a logged URL); the refund
 * and a member's renewal payments given back are staff's (the route table says which action); the
 * renewal, the member's own.
 */
export function paymentsRoutes(
  controller: ReturnType<typeof createPaymentsController>,
  guards: { refundStaff: RequestHandler; requireMember: RequestHandler },
) {
  return Router()
    .post('/pagos/mercadopago/webhook', controller.webhook)
    .post('/pagos/mercadopago/pedidos/:numero', controller.checkoutOrder)
    .post('/pagos/mercadopago/pedidos/:numero/estado', controller.orderStatus)
    .post('/pagos/mercadopago/pedidos/:numero/reembolso', guards.refundStaff, controller.refundOrder)
    .get('/pagos/mercadopago/socios/:idUsuario/reembolsos', guards.refundStaff, controller.memberRefunds)
    .post('/socio/mercadopago', guards.requireMember, controller.startRenewal)
    .get('/socio/mercadopago', guards.requireMember, controller.latestRenewal);
}
