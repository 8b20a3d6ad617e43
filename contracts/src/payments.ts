import * as yup from 'yup';
import { strictNumber } from './products';
import { MEMBERSHIP_LIMITS } from './memberships';

/** An online payment's row: waiting, approved (applied once), refunded, or expired unpaid. */
export const ONLINE_PAYMENT_STATES = ['pendiente', 'aprobado', 'reembolsado', 'vencido'] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];

/**
 * What the buyer or the member is shown: nothing paid yet, the provider still waiting (a ticket
 * paid in cash, a card under review), approved, rejected (try again or pay at the gym), refunded,
 * or too late (the order's hold is over).
 */
export type OnlinePaymentOutcome = 'sin-pago' | 'pendiente' | 'aprobado' | 'rechazado' | 'reembolsado' | 'vencido';

export interface OnlinePaymentView {
  outcome: OnlinePaymentOutcome;
  /** Integer centavos. */
  amount: number;
  /** The months a renewal pays (null for an order). */
  months: number | null;
  createdAt: string;
}

/** POST /v1/pagos/mercadopago/… answers where to send the person to pay. */
export interface CheckoutStart {
  checkoutUrl: string;
}

/** The provider's statuses that mean "this attempt did not pay": the person may try again. */
export const REJECTED_PROVIDER_STATUSES = ['rejected', 'cancelled'] as const;

export const onlinePaymentTitles: Record<OnlinePaymentOutcome, string> = {
  'sin-pago': 'Todavía no pagaste',
  pendiente: 'Pago pendiente',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado — probá otra vez / pagá en el gimnasio',
  reembolsado: 'Pago devuelto',
  vencido: 'El plazo para pagar terminó',
};

export const paymentMessages = {
  unavailable: 'Mercado Pago no está disponible ahora: elegí efectivo o transferencia.',
  providerDown: 'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos o pagá en el gimnasio.',
  notPayable: 'Este pedido ya no se puede pagar con Mercado Pago.',
  notMercadoPago: 'Este pedido no se paga con Mercado Pago.',
  refundNeeded: 'Este pedido se pagó con Mercado Pago: para cancelarlo, confirmá el reembolso.',
  notRefundable: 'Solo se reembolsa un pedido pagado con Mercado Pago que todavía no se entregó.',
  refundFailed: (status: number) =>
    `Mercado Pago no hizo el reembolso (respondió ${status}): el pedido sigue pagado. Probá de nuevo en unos minutos.`,
  refundConfirm: (numero: string) => `¿Cancelar el pedido ${numero} y devolver el pago?`,
  refundText: (total: string) =>
    `Mercado Pago le devuelve ${total} al comprador y el stock de sus productos vuelve a estar disponible.`,
  refunded: 'Reembolso hecho: el pedido quedó cancelado y el dinero vuelve al comprador por Mercado Pago.',
  noPlanPrice: 'Tu plan no tiene cuota mensual cargada: consultá en recepción.',
  monthsRange: `Elegí de ${MEMBERSHIP_LIMITS.months.min} a ${MEMBERSHIP_LIMITS.months.max} meses`,
  badSignature: 'Aviso de pago rechazado',
} as const;

/** The member's renewal: how many months of the plan's monthly fee. */
export const renewalSchema = yup.object({
  meses: strictNumber(paymentMessages.monthsRange)
    .required(paymentMessages.monthsRange)
    .integer(paymentMessages.monthsRange)
    .min(MEMBERSHIP_LIMITS.months.min, paymentMessages.monthsRange)
    .max(MEMBERSHIP_LIMITS.months.max, paymentMessages.monthsRange),
});
