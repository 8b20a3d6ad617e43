import * as yup from 'yup';
import { countOf } from './format';
import { formatDay } from './format-dates';
import { addDays, daysBetween, type IsoDate } from './membership-dates';
import { EXPIRING_DAYS, type MembershipState } from './membership-rules';
import { CLIENT_LIMITS, SIMPLE_EMAIL_PATTERN } from './clients';
import { MEMBERSHIP_LIMITS, type MembershipPaymentMethod } from './memberships';
import type { Centavos } from './money';
import { centavosNumber, strictNumber } from './products';

/** How long a link sent to a member opens the portal, and how long a member session lasts unused. */
export const MEMBER_LINK_MINUTES = 15;
export const MEMBER_SESSION_DAYS = 30;
/** The portal shows this many of the latest payments. */
export const MEMBER_PAYMENTS_SHOWN = 12;

export const MEMBER_ACCESS_CHANNELS = ['email', 'whatsapp'] as const;
export type MemberAccessChannel = (typeof MEMBER_ACCESS_CHANNELS)[number];

/** What a member sees at /socio: their own rows only, amounts in centavos. */
export interface MemberPortal {
  idUsuario: string;
  nombre: string;
  /** `cuotaCentavos`: the plan's monthly fee (what a renewal online charges per month). */
  plan: { numero: string; nombre: string; cuotaCentavos: Centavos } | null;
  state: MembershipState | null;
  paidUntil: IsoDate | null;
  pausedSince: IsoDate | null;
  today: IsoDate;
  apto: { vence: IsoDate | null; valido: boolean };
  payments: {
    id: string;
    /** Its receipt's number (R-000123), downloaded as PDF from /v1/socio/recibos/:id. */
    receipt: string;
    periodFrom: IsoDate;
    periodTo: IsoDate;
    amountCentavos: Centavos;
    method: MembershipPaymentMethod;
    /** The method as the member reads it ("Transferencia"). */
    metodo: string;
    createdAt: string;
    anulado: boolean;
  }[];
  pauses: { startedOn: IsoDate; endedOn: IsoDate | null; motivo: string }[];
  contact: { whatsapp: string | null; address: string; hours: string };
}

/**
 * The door pass (issue 27, part 5): a QR of a token signed by the server that changes every
 * DOOR_PASS_MINUTES. The door accepts the current one and the one before it, so a pass read
 * at the turn of the minute still works; an older one (a screenshot, a copy) does not.
 */
export const DOOR_PASS_MINUTES = 5;

export interface MemberDoorPass {
  token: string;
  /** When this token began (ISO) and when the next one does: the portal asks again then. */
  emitido: string;
  renovar: string;
}

/** Staff sending access: by e-mail it is sent; by WhatsApp the link comes back to open (like reminders). */
export interface MemberAccessSent {
  channel: MemberAccessChannel;
  whatsappUrl: string | null;
}

export const memberMessages = {
  emailRequired: 'Escribí tu e-mail',
  emailInvalid: 'Escribí un e-mail válido',
  /** The same answer whether or not the e-mail is a client's: nobody learns who is a member. */
  requestSent:
    'Si tu e-mail está registrado en el gimnasio, te enviamos un enlace para entrar. Revisá tu correo (y la carpeta de spam): vale 15 minutos.',
  tooMany: 'Pediste demasiados enlaces. Probá de nuevo en unos minutos.',
  linkInvalid: 'El enlace ya se usó o venció. Pedí uno nuevo desde “Ingresar”.',
  signedOut: 'Cerraste la sesión. Para volver a entrar, pedí un enlace nuevo.',
  sessionRequired: 'Para ver tu cuenta, entrá con el enlace que te enviamos.',
  /** A session that ran out: 30 days unused, or MEMBER_SESSION_MAX_DAYS (90) since its link opened it. */
  sessionExpired: 'Tu sesión venció. Pedí un enlace nuevo para entrar a tu cuenta.',
  channelInvalid: 'Elegí cómo enviar el acceso: e-mail o WhatsApp',
  noEmail: 'El cliente no tiene un e-mail cargado: enviale el acceso por WhatsApp.',
  noPhone: 'El celular del cliente no es un número de WhatsApp válido: enviale el acceso por e-mail.',
  archived: 'El cliente está archivado: restauralo antes de enviarle el acceso.',
  accessSentEmail: 'Le enviamos el enlace de acceso por e-mail',
  accessNotSent: 'No se pudo enviar el e-mail. Probá de nuevo o enviá el acceso por WhatsApp.',
  sessionsEnded: (count: number) =>
    count === 0
      ? 'El socio no tenía sesiones abiertas'
      : count === 1
        ? 'Cerramos la sesión abierta del socio'
        : `Cerramos las ${count} sesiones abiertas del socio`,
};

export const memberLinkRequestSchema = yup.object({
  email: yup
    .string()
    .trim()
    .lowercase()
    .required(memberMessages.emailRequired)
    .max(CLIENT_LIMITS.correo.max, memberMessages.emailInvalid)
    .matches(SIMPLE_EMAIL_PATTERN, memberMessages.emailInvalid),
});

export const memberAccessSchema = yup.object({
  channel: yup
    .string()
    .oneOf(MEMBER_ACCESS_CHANNELS, memberMessages.channelInvalid)
    .required(memberMessages.channelInvalid),
});

/** The text of the access message: by e-mail and, ready to send, by WhatsApp. */
export const memberAccessText = (nombre: string, link: string) =>
  `Hola ${nombre}: este es tu enlace para entrar a tu cuenta del gimnasio (plan, pagos, apto físico). Vale ${MEMBER_LINK_MINUTES} minutos y sirve una sola vez: ${link}`;

/** The member's state in one line, as the portal shows it: "al día / vence en N días / vencida / pausada". */
export function memberStateLine(p: Pick<MemberPortal, 'state' | 'paidUntil' | 'pausedSince' | 'today'>): string {
  if (p.state === 'pausada') return `Pausada desde el ${formatDay(p.pausedSince)}`;
  if (!p.paidUntil) return 'Todavía no hay pagos registrados';
  const left = daysBetween(p.today, p.paidUntil);
  if (left < 0) return `Vencida desde el ${formatDay(addDays(p.paidUntil, 1))}`;
  if (left === 0) return `Vence hoy (${formatDay(p.paidUntil)})`;
  if (left <= EXPIRING_DAYS) return `Vence en ${countOf(left, 'día', 'días')} (${formatDay(p.paidUntil)})`;
  return `Al día: pagada hasta el ${formatDay(p.paidUntil)}`;
}

/** The apto físico in one line: valid until, expired, or missing. */
export function memberAptoLine(apto: MemberPortal['apto']): string {
  if (!apto.vence) return 'Falta tu apto físico: traelo a recepción';
  return apto.valido
    ? `Vigente hasta el ${formatDay(apto.vence)}`
    : `Vencido el ${formatDay(apto.vence)}: renovalo en recepción`;
}

/** A transfer's receipt a member uploads (issue 27, part 4): a photo or a PDF, up to 5 MB. */
export const TRANSFER_MAX_BYTES = 5 * 1024 * 1024;
export const TRANSFER_STATUSES = ['pendiente', 'aprobado', 'rechazado'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** An upload as the member and the desk see it; amounts in centavos. */
export interface TransferUpload {
  id: string;
  idUsuario: string;
  nombre: string;
  /** What the member declared the transfer paid. */
  amountCentavos: Centavos;
  months: number;
  contentType: string;
  status: TransferStatus;
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
  /** The receipt of the payment its approval recorded. */
  receipt: string | null;
}

export const transferMessages = {
  missing: 'Elegí la foto o el PDF del comprobante',
  tooLarge: 'El comprobante puede pesar hasta 5 MB',
  wrongType: 'El comprobante tiene que ser una foto (JPG, PNG o WebP) o un PDF',
  amountInvalid: 'Escribí el monto que transferiste, en pesos (hasta dos decimales)',
  monthsInvalid: 'Elegí cuántos meses pagás, de 1 a 12',
  uploaded: 'Recibimos tu comprobante. En recepción lo revisan y te avisamos por e-mail.',
  notFound: 'El comprobante no existe',
  alreadyDecided: 'Este comprobante ya fue revisado (lo aprobó o rechazó otra persona). Recargá la lista.',
  reasonInvalid: 'Escribí el motivo del rechazo, de 3 a 200 caracteres',
  approved: 'Pago registrado con el comprobante',
  rejected: 'Comprobante rechazado: le avisamos al socio por e-mail',
};

export const transferRejectSchema = yup.object({
  motivo: yup
    .string()
    .trim()
    .required(transferMessages.reasonInvalid)
    .min(3, transferMessages.reasonInvalid)
    .max(200, transferMessages.reasonInvalid),
});

/**
 * What a transfer's receipt pays (the upload's query): `montoCentavos`, whole centavos within the
 * desk's payment limits (the portal's form reads what the member typed with money-input.ts), and 1
 * to 12 months. The portal's form and the API check it alike.
 */
export const transferCoverageSchema = yup.object({
  montoCentavos: centavosNumber(transferMessages.amountInvalid)
    .required(transferMessages.amountInvalid)
    .min(MEMBERSHIP_LIMITS.amountCentavos.min, transferMessages.amountInvalid)
    .max(MEMBERSHIP_LIMITS.amountCentavos.max, transferMessages.amountInvalid),
  meses: strictNumber(transferMessages.monthsInvalid)
    .required(transferMessages.monthsInvalid)
    .integer(transferMessages.monthsInvalid)
    .min(MEMBERSHIP_LIMITS.months.min, transferMessages.monthsInvalid)
    .max(MEMBERSHIP_LIMITS.months.max, transferMessages.monthsInvalid),
});

export const renewalMessages = {
  monthsRange: `Elegí de ${MEMBERSHIP_LIMITS.months.min} a ${MEMBERSHIP_LIMITS.months.max} meses`,
} as const;

/** The member's renewal with Mercado Pago: how many months of the plan's monthly fee. */
export const renewalSchema = yup.object({
  meses: strictNumber(renewalMessages.monthsRange)
    .required(renewalMessages.monthsRange)
    .integer(renewalMessages.monthsRange)
    .min(MEMBERSHIP_LIMITS.months.min, renewalMessages.monthsRange)
    .max(MEMBERSHIP_LIMITS.months.max, renewalMessages.monthsRange),
});
