import {
  DELIVERY_LABEL,
  PAYMENT_LABELS,
  orderGuide as g,
  orderMessages as m,
  type ReceiptContact,
} from '@gym/contracts/orders';
import { formatMoney } from '@gym/contracts/format-money';
import { toPesos } from '@gym/contracts/money';
import type { OutgoingMail } from '../../shared/mailer';
import type { OrderRecord as Order } from './orders.repository';
import type { OrdersSettings } from './orders.service';

const lineText = (l: Order['lineas'][number]) => {
  const variant = [l.talle && `talle ${l.talle.toUpperCase()}`, l.color].filter(Boolean).join(', ');
  return `- ${l.cantidad} x ${l.nombre}${variant ? ` (${variant})` : ''}: ${formatMoney(l.subtotalCentavos)}`;
};

const receiptOf = (settings: OrdersSettings): ReceiptContact => ({
  email: settings.notifyEmail,
  whatsapp: settings.whatsappNumber ?? null,
});

/** The order's page, readable with its secret token (the buyer's only way back to it). */
const pageOf = (order: Order, settings: OrdersSettings) =>
  `${settings.siteUrl}/pedido/${order.numero}?t=${order.token}`;

/**
 * What the buyer of a new order does to pay, by method. Cash: pay when you pick it up. Mercado
 * Pago: the order's page (with its token) to pay or try again online, or cash at the desk. A
 * transfer: where to, where the receipt goes, and then.
 */
function howToPay(order: Order, settings: OrdersSettings): string {
  const where = g.where(settings.pickup);
  if (order.pago === 'efectivo') return `${g.cash}\n${g.pickupCash} ${where}.`;
  // Placed, it is not paid yet; Mercado Pago's approval is told by the ready mail ("está pagado").
  if (order.pago === 'mercadopago')
    return [g.online, pageOf(order, settings), g.onlineOrDesk, `${g.pickupTransfer} ${where}.`].join('\n');
  const { alias, cbu, titular } = settings.transfer;
  return [
    // The guide's sentence (the order page's too) takes the pesos it shows.
    g.transfer(toPesos(order.totalCentavos)),
    `Alias: ${alias}\nCBU: ${cbu}\nTitular: ${titular}`,
    g.receipt(receiptOf(settings)),
    `${g.pickupTransfer} ${where}.`,
  ].join('\n');
}

const toBuyer = (order: Order) => ({
  name: `${order.comprador.nombre} ${order.comprador.apellido}`,
  address: order.comprador.email,
});
const summaryOf = (order: Order) =>
  `${order.lineas.map(lineText).join('\n')}\nTotal: ${formatMoney(order.totalCentavos)}\nPago: ${PAYMENT_LABELS[order.pago]}\nEntrega: ${DELIVERY_LABEL}`;
const linkOf = (order: Order, settings: OrdersSettings) => `Podés ver tu pedido en ${pageOf(order, settings)}`;
const SIGNATURE = 'Gimnasio Tucumán\n';

/** The buyer's mail (with the secret link's path) and the gym's notice, plain text. */
export function orderMails(order: Order, settings: OrdersSettings): OutgoingMail[] {
  const { comprador } = order;
  const summary = summaryOf(order);
  return [
    {
      to: toBuyer(order),
      subject: m.buyerSubject(order.numero),
      text: `Hola ${comprador.nombre}:\n\nRecibimos tu pedido ${order.numero}.\n\n${summary}\n\n${howToPay(order, settings)}\n\n${linkOf(order, settings)}\n\n${SIGNATURE}`,
    },
    {
      to: { name: 'Gimnasio Tucumán', address: settings.notifyEmail },
      subject: m.gymSubject(order.numero),
      text: `Nuevo pedido ${order.numero} de ${comprador.nombre} ${comprador.apellido} (${comprador.email}, cel. ${comprador.celular}).\n\n${summary}\n`,
    },
  ];
}

/** The buyer's mail when staff mark the order paid: ready to pick up, where and when. */
export function readyMail(order: Order, settings: OrdersSettings): OutgoingMail {
  return {
    to: toBuyer(order),
    subject: m.readySubject(order.numero),
    text: `Hola ${order.comprador.nombre}:\n\n${g.ready(order.numero)}\n${g.readyWhere} ${g.where(settings.pickup)}.\n\n${summaryOf(order)}\n\n${linkOf(order, settings)}\n\n${SIGNATURE}`,
  };
}

/** The buyer's mail when the order is cancelled, by staff or (`unpaid`) by the job for want of payment. */
export function cancelledMail(order: Order, settings: OrdersSettings, unpaid: boolean): OutgoingMail {
  const why = unpaid ? ` ${g.cancelledUnpaid}` : '';
  return {
    to: toBuyer(order),
    subject: m.cancelledSubject(order.numero),
    text: `Hola ${order.comprador.nombre}:\n\n${g.cancelled(order.numero)}${why}\n${g.questions(receiptOf(settings))}\n\n${summaryOf(order)}\n\n${SIGNATURE}`,
  };
}
