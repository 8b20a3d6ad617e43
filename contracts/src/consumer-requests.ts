import * as yup from 'yup';
import { trimmedText } from './fields';
import { SIMPLE_EMAIL_PATTERN } from './clients';

/**
 * The consumer-law requests of Disposición 954/2025 (Argentina): the "Botón de baja" (a
 * subscription ended as easily as it began) and the "Botón de arrepentimiento" (an online
 * purchase withdrawn within 10 days, Ley 24.240 art. 34). Both answer at once with a code.
 */

/** What a baja may end: the membership, the automatic debit, or both. */
export const BAJA_TARGETS = ['membresia', 'debito'] as const;
export type BajaTarget = (typeof BAJA_TARGETS)[number];
export const bajaTargetLabels: Record<BajaTarget, string> = {
  membresia: 'Membresía',
  debito: 'Débito automático',
};

/** Days after the purchase (or the pick-up) in which a buyer may withdraw from it. */
export const ARREPENTIMIENTO_DAYS = 10;

export const CONSUMER_LIMITS = {
  nombre: { min: 3, max: 80 },
  contacto: { max: 80 },
  motivo: { max: 500 },
} as const;

/** A DNI as typed ("30.123.456") or an e-mail: either identifies who asks. */
export const DNI_OR_EMAIL = /^(\d{7,8}|[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+)$/;
export const normalizeContacto = (raw: string): string =>
  raw.includes('@') ? raw.trim().toLowerCase() : raw.replace(/[\s.-]/g, '');

export const consumerMessages = {
  nombreRequired: 'Escribí tu nombre y apellido',
  nombreLength: `El nombre debe tener entre ${CONSUMER_LIMITS.nombre.min} y ${CONSUMER_LIMITS.nombre.max} caracteres`,
  contactoRequired: 'Escribí tu DNI o tu e-mail',
  contactoInvalid: 'Escribí un DNI de 7 u 8 números o un e-mail válido',
  queRequired: 'Elegí qué querés dar de baja',
  motivoLength: `El motivo puede tener hasta ${CONSUMER_LIMITS.motivo.max} caracteres`,
  numeroRequired: 'Escribí el número de pedido',
  numeroInvalid: 'El número de pedido empieza con G- (por ejemplo G-000123)',
  emailRequired: 'Escribí el e-mail con el que compraste',
  emailInvalid: 'Escribí un e-mail válido, por ejemplo nombre@dominio.com',
  tooMany: 'Hiciste demasiados pedidos seguidos. Esperá unos minutos y volvé a intentar.',
  bajaDone: 'Recibimos tu pedido de baja. Guardá este código: te lo mandamos también por e-mail.',
  arrepentimientoDone: 'Recibimos tu arrepentimiento. Guardá este código: te lo mandamos también por e-mail.',
  orderNotFound: 'No encontramos un pedido con ese número y ese e-mail. Revisá los datos.',
  alreadyCancelled: 'Este pedido ya está cancelado.',
  alreadyAsked: 'Ya pediste el arrepentimiento de este pedido.',
  tooLate: `Pasaron más de ${ARREPENTIMIENTO_DAYS} días desde la compra o el retiro: ya no podés arrepentirte por este botón. Escribinos y lo vemos.`,
  notPending: 'Este pedido ya no espera una devolución.',
} as const;

const m = consumerMessages;

export const bajaSchema = yup.object({
  nombre: trimmedText(m.nombreLength)
    .required(m.nombreRequired)
    .min(CONSUMER_LIMITS.nombre.min, m.nombreLength)
    .max(CONSUMER_LIMITS.nombre.max, m.nombreLength),
  contacto: trimmedText(m.contactoInvalid)
    .required(m.contactoRequired)
    .max(CONSUMER_LIMITS.contacto.max, m.contactoInvalid)
    .transform((v: unknown) => (typeof v === 'string' ? normalizeContacto(v) : v))
    .matches(DNI_OR_EMAIL, m.contactoInvalid),
  que: yup
    .array(yup.string().oneOf(BAJA_TARGETS, m.queRequired).required(m.queRequired))
    .typeError(m.queRequired)
    .required(m.queRequired)
    .min(1, m.queRequired),
  motivo: trimmedText(m.motivoLength).max(CONSUMER_LIMITS.motivo.max, m.motivoLength).default(''),
});
export type BajaInput = yup.InferType<typeof bajaSchema>;

/** From the public page: the order's number and the buyer's e-mail; from the order's page: its token. */
export const arrepentimientoSchema = yup.object({
  numero: trimmedText(m.numeroInvalid)
    .required(m.numeroRequired)
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v))
    .matches(/^G-\d{6,}$/, m.numeroInvalid),
  email: trimmedText(m.emailInvalid)
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
    .max(80, m.emailInvalid)
    .when('t', {
      is: (t: unknown) => !t,
      then: (s) => s.required(m.emailRequired).matches(SIMPLE_EMAIL_PATTERN, m.emailInvalid),
    }),
  t: yup.string().max(200).optional(),
});
export type ArrepentimientoInput = yup.InferType<typeof arrepentimientoSchema>;

/** The answer of both buttons: the code, and what happens now. */
export interface ConsumerReceipt {
  codigo: string;
  message: string;
}

/** What became of an order withdrawn from: cancelled unpaid, refunded online, to refund at the desk, given back there. */
export type ArrepentimientoOutcome = 'cancelado' | 'reembolsado' | 'reembolso-pendiente' | 'devuelto';

/** What the buyer is told, by what happened to the order. */
export const arrepentimientoOutcomeText: Record<ArrepentimientoOutcome, string> = {
  cancelado: 'Cancelamos el pedido y sus productos volvieron al stock. No tenés nada que pagar.',
  reembolsado: 'Cancelamos el pedido y pedimos a Mercado Pago la devolución de todo lo que pagaste.',
  'reembolso-pendiente':
    'Te devolvemos el dinero en el gimnasio: traé el código (y los productos, si ya los retiraste).',
  devuelto: 'Recibimos los productos y te devolvimos el dinero.',
};

/** A row of the desk's "Bajas pedidas". */
export interface BajaView {
  codigo: string;
  nombre: string;
  contacto: string;
  que: BajaTarget[];
  motivo: string;
  idUsuario: string | null;
  /** The member keeps what they paid for until this day (their paid-until); null when none matched. */
  efectivaDesde: string | null;
  createdAt: string;
  ip: string | null;
}

/** A row of the desk's "Arrepentimientos". */
export interface ArrepentimientoView {
  codigo: string;
  numero: string;
  email: string;
  pago: string;
  outcome: ArrepentimientoOutcome;
  createdAt: string;
  resolvedAt: string | null;
}
