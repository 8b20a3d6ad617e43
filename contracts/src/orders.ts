import * as yup from 'yup';
import { COLORS, SIZES } from './catalog';
import { trimmedText } from './fields';
import { agreeing, countOf, formatPrice } from './format';
import { toPesos, type Centavos } from './money';

export const ORDER_STATES = ['pendiente', 'pagado', 'entregado', 'cancelado'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** pendiente → pagado → entregado; pendiente or pagado → cancelado (its stock goes back). */
export const ORDER_TRANSITIONS: Record<OrderState, readonly OrderState[]> = {
  pendiente: ['pagado', 'cancelado'],
  pagado: ['entregado', 'cancelado'],
  entregado: [],
  cancelado: [],
};

/** Mercado Pago is offered only when the server has its credentials (`SiteConfig.mercadoPago`). */
export const PAYMENT_METHODS = ['efectivo', 'transferencia', 'mercadopago'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo en recepción',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago (tarjeta, débito, dinero en cuenta)',
};
export const DELIVERY_LABEL = 'Retiro en el gimnasio';

/** Who marked an order paid when Mercado Pago's approval did (its step's `por`). */
export const PAID_BY_MERCADOPAGO = 'Mercado Pago';

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};

export const ORDER_NUMBER_PATTERN = /^G-\d{6,}$/;
export const ORDER_LINE_MAX_QUANTITY = 99;
export const ORDER_MAX_LINES = 50;

export { ORDER_DEFAULT_LIMITS } from './order-limits';

export interface OrderLine {
  producto: string;
  nombre: string;
  talle: string | null;
  color: string | null;
  cantidad: number;
  precio: number;
  subtotal: number;
}

export interface OrderBuyer {
  nombre: string;
  apellido: string;
  email: string;
  celular: string;
}

export interface OrderStep {
  at: string;
  por: string;
}

export interface Order {
  numero: string;
  token?: string;
  estado: OrderState;
  total: number;
  lineas: OrderLine[];
  comprador: OrderBuyer;
  pago: PaymentMethod;
  entrega: string;
  createdAt: string;
  pagado: OrderStep | null;
  entregado: OrderStep | null;
  cancelado: OrderStep | null;
  /** Where to transfer, when paying by transfer. */
  transferencia?: { alias: string; cbu: string; titular: string };
}

/** One line the server could not sell as asked: what is available now and at what price. */
export interface OrderConflictLine {
  producto: string;
  talle: string | null;
  color: string | null;
  disponible: number;
  precio: number;
}

export const orderMessages = {
  nombreRequired: 'El nombre es obligatorio',
  nombreInvalid: 'El nombre solo puede tener letras y espacios (hasta 40)',
  apellidoRequired: 'El apellido es obligatorio',
  apellidoInvalid: 'El apellido solo puede tener letras y espacios (hasta 40)',
  emailRequired: 'El email es obligatorio',
  emailInvalid: 'Escribí un email válido, por ejemplo nombre@dominio.com',
  celularRequired: 'El celular es obligatorio',
  celularInvalid: 'Escribí el celular con código de área, sin 0 ni 15 (por ejemplo 381 555 1234)',
  pagoRequired: 'Elegí cómo vas a pagar',
  lineasRequired: 'El carrito está vacío',
  lineasTooMany: 'El pedido puede tener hasta 50 productos distintos',
  lineInvalid: 'Hay un producto del carrito que no es válido',
  cantidadInvalid: 'La cantidad debe ser un número entero entre 1 y 99',
  notFound: 'El pedido no existe',
  productGone: 'Uno de los productos del carrito ya no está a la venta',
  idempotencyReused: 'Esta clave de pedido ya se usó para otro pedido distinto',
  idempotencyInvalid: 'La clave Idempotency-Key debe tener entre 8 y 100 letras, números o guiones',
  tooMany: 'Hiciste demasiados pedidos seguidos. Esperá unos minutos y volvé a intentar.',
  unitsPerOrder: (max: number) => `Podés comprar hasta ${countOf(max, 'unidad', 'unidades')} por pedido.`,
  unpaidUnits: (max: number, left: number) =>
    `Podés tener hasta ${countOf(max, 'unidad reservada', 'unidades reservadas')} en pedidos sin pagar. ` +
    (left > 0
      ? `Ahora podés pedir hasta ${left} más, o pagar los pedidos pendientes en recepción.`
      : 'Pagá los pedidos pendientes en recepción para hacer otro.'),
  transitionRefused: (from: OrderState, to: OrderState) =>
    `Un pedido ${ORDER_STATE_LABELS[from].toLowerCase()} no puede pasar a ${ORDER_STATE_LABELS[to].toLowerCase()}`,
  estadoInvalid: 'Estado no válido',
  confirmStep: (numero: string, to: OrderState) =>
    `¿Marcar el pedido ${numero} como ${ORDER_STATE_LABELS[to].toLowerCase()}?`,
  cancelText: 'El stock de sus productos vuelve a estar disponible.',
  stepDone: (numero: string, to: OrderState) => `Pedido ${numero}: ${ORDER_STATE_LABELS[to].toLowerCase()}`,
  stepNotDone: 'El pedido no se modificó',
  placed: 'Pedido confirmado',
  buyerSubject: (numero: string) => `Tu pedido ${numero} en Gimnasio Tucumán`,
  gymSubject: (numero: string) => `Nuevo pedido ${numero}`,
  readySubject: (numero: string) => `Tu pedido ${numero} está listo para retirar`,
  cancelledSubject: (numero: string) => `Tu pedido ${numero} fue cancelado`,
} as const;

/** Where to send a transfer's receipt: an e-mail, and a WhatsApp number (international digits) when set. */
export interface ReceiptContact {
  email: string;
  whatsapp: string | null;
}

/** What the buyer is told to do and where, in the same words on the order page and in the e-mails. */
export const orderGuide = {
  cash: 'Pagás en efectivo en la recepción del gimnasio cuando retirás el pedido; decí el número de pedido.',
  transfer: (total: number) => `Transferí ${formatPrice(total)} a esta cuenta:`,
  receipt: ({ email, whatsapp }: ReceiptContact) =>
    `Mandá el comprobante con el número de pedido a ${email}` + (whatsapp ? ` o por WhatsApp al +${whatsapp}.` : '.'),
  /** "Av. Mate de Luna 2350, San Miguel de Tucumán, en recepción, de lunes a …" */
  where: (pickup: { address: string; hours: string }) => `${pickup.address}, ${pickup.hours}`,
  /** Mercado Pago not paid yet (or rejected): the order's page, where the checkout opens again; the link follows. */
  online:
    'Pagalo con Mercado Pago (tarjeta, débito o dinero en cuenta) desde la página de tu pedido; si el pago no sale, podés probar otra vez ahí:',
  /** Mercado Pago, the other way: at the desk. The order page says it under its pay button. */
  onlineOrDesk: '¿Preferís no pagar online? Pagá en efectivo cuando lo retires en el gimnasio.',
  pickupCash: 'Retirás y pagás en',
  pickupTransfer: 'Cuando registremos el pago te avisamos por e-mail y lo retirás en',
  ready: (numero: string) => `Tu pedido ${numero} está pagado y listo para retirar.`,
  readyWhere: 'Retiralo en',
  cancelled: (numero: string) => `Cancelamos tu pedido ${numero} y sus productos volvieron al stock.`,
  cancelledUnpaid: 'No registramos el pago a tiempo.',
  questions: ({ email, whatsapp }: ReceiptContact) =>
    `Si ya pagaste o tenés dudas, escribinos a ${email}` + (whatsapp ? ` o por WhatsApp al +${whatsapp}.` : '.'),
} as const;

const variantLabel = (line: { talle: string | null; color: string | null }) => {
  const parts = [line.talle && `talle ${line.talle.toUpperCase()}`, line.color && `color ${line.color}`].filter(
    Boolean,
  );
  return parts.length ? ` (${parts.join(', ')})` : '';
};

/** The variant a refusal names, and what is available of it. */
export type RefusedVariant = Pick<OrderConflictLine, 'talle' | 'color' | 'disponible'>;

/** "Remera Dry Fit (talle M, color negro): quedan 3" ("queda 1") — for the 409 and the cart. */
export function shortStockMessage(nombre: string, line: RefusedVariant, pedida: number): string {
  const left =
    line.disponible === 0 ? 'no queda stock' : `${agreeing(line.disponible, 'queda', 'quedan')} ${line.disponible}`;
  return `No hay stock suficiente de ${nombre}${variantLabel(line)}: pediste ${pedida} y ${left}.`;
}

/** "Podés comprar hasta 10 unidades de cada talle y color por pedido: pediste 15 de Remera (talle M, color negro)." */
export function unitsPerVariantMessage(nombre: string, line: RefusedVariant, max: number, pedida: number): string {
  return `Podés comprar hasta ${countOf(max, 'unidad', 'unidades')} de cada talle y color por pedido: pediste ${pedida} de ${nombre}${variantLabel(line)}.`;
}

/** "El precio de Remera (talle M) cambió: ahora es $ 7.400." — the price now, in centavos. */
export function priceChangedMessage(nombre: string, line: RefusedVariant, precioCentavos: Centavos): string {
  return `El precio de ${nombre}${variantLabel(line)} cambió: ahora es ${formatPrice(toPesos(precioCentavos))}.`;
}

const NAME_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ' ]{1,40}$/;
const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;

/** An es-AR mobile as its 10 digits (area code + number): "+54 9 381 555-1234", "0381 15 555 1234" and "3815551234" alike. */
export function normalizeCelular(raw: string): string {
  let digits = raw.replace(/[\s()+.-]/g, '');
  if (!/^\d+$/.test(digits)) return raw;
  if (digits.startsWith('54') && digits.length >= 12) digits = digits.slice(2);
  if (digits.startsWith('9') && digits.length === 11) digits = digits.slice(1);
  if (digits.startsWith('0')) digits = digits.slice(1);
  const fifteen = /^(\d{2,4})15(\d{6,8})$/.exec(digits);
  if (fifteen && digits.length === 12) digits = fifteen[1]! + fifteen[2]!;
  return digits;
}

const m = orderMessages;

export const buyerFields = {
  nombre: trimmedText(m.nombreInvalid).required(m.nombreRequired).matches(NAME_PATTERN, m.nombreInvalid),
  apellido: trimmedText(m.apellidoInvalid).required(m.apellidoRequired).matches(NAME_PATTERN, m.apellidoInvalid),
  email: trimmedText(m.emailInvalid)
    .required(m.emailRequired)
    .max(100, m.emailInvalid)
    .matches(EMAIL_PATTERN, m.emailInvalid)
    .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value)),
  celular: trimmedText(m.celularInvalid)
    .required(m.celularRequired)
    .max(30, m.celularInvalid)
    .test('celular', m.celularInvalid, (value) => value === undefined || /^\d{10}$/.test(normalizeCelular(value))),
};

const pagoField = yup
  .string()
  .typeError(m.pagoRequired)
  .required(m.pagoRequired)
  .oneOf(PAYMENT_METHODS, m.pagoRequired);

/** The checkout form (Formik) and the server's `comprador` + `pago` alike. */
export const checkoutSchema = yup.object({ ...buyerFields, pago: pagoField });
export type CheckoutValues = yup.InferType<typeof checkoutSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const orderLineSchema = yup.object({
  producto: yup.string().typeError(m.lineInvalid).required(m.lineInvalid).matches(UUID, m.lineInvalid),
  talle: yup.string().typeError(m.lineInvalid).oneOf(SIZES, m.lineInvalid).nullable(),
  color: yup.string().typeError(m.lineInvalid).oneOf(COLORS, m.lineInvalid).nullable(),
  cantidad: yup
    .number()
    .typeError(m.cantidadInvalid)
    .strict()
    .required(m.cantidadInvalid)
    .integer(m.cantidadInvalid)
    .min(1, m.cantidadInvalid)
    .max(ORDER_LINE_MAX_QUANTITY, m.cantidadInvalid),
  /** The price the buyer saw; a different current price is 409 instead of a surprise. */
  precio: yup.number().typeError(m.lineInvalid).strict().min(0, m.lineInvalid).optional(),
});

export const orderRequestSchema = yup.object({
  comprador: yup.object(buyerFields).typeError(m.nombreRequired).required(m.nombreRequired),
  pago: pagoField,
  lineas: yup
    .array(orderLineSchema.required(m.lineInvalid))
    .typeError(m.lineasRequired)
    .required(m.lineasRequired)
    .min(1, m.lineasRequired)
    .max(ORDER_MAX_LINES, m.lineasTooMany),
});

export const orderStateSchema = yup.object({
  estado: yup.string().typeError(m.estadoInvalid).required(m.estadoInvalid).oneOf(ORDER_STATES, m.estadoInvalid),
});

export interface OrderList {
  orders: Order[];
  total: number;
  page: number;
  limit: number;
}

// Paying online (issue 29): an order's or a renewal's payment with Mercado Pago. Kept with the
// orders so the pages that read these texts share one chunk with them.

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
  amountCentavos: Centavos;
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
  badSignature: 'Aviso de pago rechazado',
  tooManyRenewals: 'Pediste demasiados pagos en poco tiempo. Probá de nuevo en unos minutos.',
} as const;

/**
 * Why an approved renewal payment went back by itself: the renewal was already paid (two tabs, the
 * back button, a retry), the member had been archived, or the renewal's checkout had expired.
 */
export const RENEWAL_REFUND_REASONS = ['ya-pagada', 'archivado', 'vencida'] as const;
export type RenewalRefundReason = (typeof RENEWAL_REFUND_REASONS)[number];

export const renewalRefundReasonLabels: Record<RenewalRefundReason, string> = {
  'ya-pagada': 'la renovación ya estaba pagada',
  archivado: 'el socio estaba archivado',
  vencida: 'la reserva había vencido',
};

/** A renewal payment given back by itself, as the desk and the owner see it beside the member's payments. */
export interface OnlineRefundView {
  /** The provider's payment (its "operación"). */
  mercadoPago: string;
  amountCentavos: Centavos;
  reason: RenewalRefundReason;
  createdAt: string;
}

/** "Reembolsado: la renovación ya estaba pagada" (an unknown reason reads as a plain refund). */
export const renewalRefundText = (reason: string) =>
  `Reembolsado: ${renewalRefundReasonLabels[reason as RenewalRefundReason] ?? 'el pago no se pudo aplicar'}`;

/**
 * A paid order whose money came through Mercado Pago: cancelling it is refunding it. One paid
 * with Mercado Pago as the method but settled at the desk (cash when picking it up) is not.
 */
export const paidOnline = (o: { pago: PaymentMethod; estado: OrderState; pagado: { por: string } | null }) =>
  o.pago === 'mercadopago' && o.estado === 'pagado' && o.pagado?.por === PAID_BY_MERCADOPAGO;
