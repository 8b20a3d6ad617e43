import { ARREPENTIMIENTO_LABEL, BAJA_LABEL } from '@gym/contracts/consumer-labels';
import {
  arrepentimientoOutcomeText,
  bajaTargetLabels,
  type ArrepentimientoOutcome,
  type BajaTarget,
} from '@gym/contracts/consumer-requests';
import type { OutgoingMail } from '../../shared/mailer';

const when = (at: Date) =>
  new Intl.DateTimeFormat('es-AR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Argentina/Tucuman',
  }).format(at);

/** The same text whether or not the address is a member's: the mail tells no one who is one. */
export function bajaMail(b: {
  codigo: string;
  nombre: string;
  que: BajaTarget[];
  address: string;
  at: Date;
}): OutgoingMail {
  const what = b.que.map((q) => bajaTargetLabels[q].toLowerCase()).join(' y ');
  return {
    to: { name: b.nombre, address: b.address },
    subject: `${BAJA_LABEL}: tu código es ${b.codigo}`,
    text: [
      `Hola ${b.nombre}:`,
      '',
      `Recibimos tu pedido de baja (${what}) el ${when(b.at)}.`,
      `Código de baja: ${b.codigo}`,
      '',
      'Desde este pedido no te cobramos nada más y el débito automático, si lo tenías, queda detenido. Lo que ya pagaste sigue vigente hasta su vencimiento.',
      'Guardá este código: es tu constancia. Si no pediste la baja, respondé este correo.',
    ].join('\n'),
  };
}

export function arrepentimientoMail(a: {
  codigo: string;
  order: { numero: string; token: string; comprador: { nombre: string; email: string } };
  outcome: ArrepentimientoOutcome;
  siteUrl: string;
}): OutgoingMail {
  const { order } = a;
  return {
    to: { name: order.comprador.nombre, address: order.comprador.email },
    subject: `${ARREPENTIMIENTO_LABEL}: pedido ${order.numero}, código ${a.codigo}`,
    text: [
      `Hola ${order.comprador.nombre}:`,
      '',
      `Recibimos tu arrepentimiento del pedido ${order.numero}.`,
      `Código: ${a.codigo}`,
      '',
      arrepentimientoOutcomeText[a.outcome],
      `Tu pedido: ${a.siteUrl}/pedido/${order.numero}?t=${order.token}`,
    ].join('\n'),
  };
}
