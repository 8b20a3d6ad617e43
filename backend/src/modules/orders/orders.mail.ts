import { DELIVERY_LABEL, PAYMENT_LABELS, formatPrice, orderMessages as m, type Order } from '@gym/contracts';
import type { OutgoingMail } from '../messages/mailer';
import type { OrdersSettings } from './orders.service';

const lineText = (l: Order['lineas'][number]) => {
  const variant = [l.talle && `talle ${l.talle.toUpperCase()}`, l.color].filter(Boolean).join(', ');
  return `- ${l.cantidad} x ${l.nombre}${variant ? ` (${variant})` : ''}: ${formatPrice(l.subtotal)}`;
};

function howToPay(order: Order, settings: OrdersSettings): string {
  if (order.pago === 'efectivo') return 'Pagás en efectivo en la recepción del gimnasio al retirar.';
  const { alias, cbu, titular } = settings.transfer;
  return `Transferí ${formatPrice(order.total)} al alias ${alias} (CBU ${cbu}, a nombre de ${titular}) e indicá el número de pedido.`;
}

/** The buyer's mail (with the secret link's path) and the gym's notice, plain text. */
export function orderMails(order: Order, settings: OrdersSettings): OutgoingMail[] {
  const { comprador } = order;
  const lines = order.lineas.map(lineText).join('\n');
  const summary = `${lines}\nTotal: ${formatPrice(order.total)}\nPago: ${PAYMENT_LABELS[order.pago]}\nEntrega: ${DELIVERY_LABEL}`;
  const link = `${settings.siteUrl}/pedido/${order.numero}?t=${order.token}`;
  return [
    {
      to: { name: `${comprador.nombre} ${comprador.apellido}`, address: comprador.email },
      subject: m.buyerSubject(order.numero),
      text: `Hola ${comprador.nombre}:\n\nRecibimos tu pedido ${order.numero}.\n\n${summary}\n\n${howToPay(order, settings)}\nLo retirás en el gimnasio cuando figure como pagado.\n\nPodés ver tu pedido en ${link}\n\nGimnasio Tucumán\n`,
    },
    {
      to: { name: 'Gimnasio Tucumán', address: settings.notifyEmail },
      subject: m.gymSubject(order.numero),
      text: `Nuevo pedido ${order.numero} de ${comprador.nombre} ${comprador.apellido} (${comprador.email}, cel. ${comprador.celular}).\n\n${summary}\n`,
    },
  ];
}
