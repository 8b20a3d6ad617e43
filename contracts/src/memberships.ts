import * as yup from 'yup';
import { trimmedText } from './fields';
import { addMonths, isIsoDate, type IsoDate } from './membership-dates';
import type { Centavos } from './money';
import type { MembershipState } from './membership-rules';
import { RECORD_CODE_PATTERN } from './clients';
import { centavosNumber, strictNumber } from './products';
import type { PeriodIncome } from './reports';

/** How a membership can be paid: the last, online, only ever recorded by the provider's confirmation. */
export const MEMBERSHIP_PAYMENT_METHODS = ['efectivo', 'transferencia', 'tarjeta', 'mercadopago'] as const;
export type MembershipPaymentMethod = (typeof MEMBERSHIP_PAYMENT_METHODS)[number];
/** What staff record at the desk: a Mercado Pago payment is recorded when the provider approves it. */
export const DESK_PAYMENT_METHODS = ['efectivo', 'transferencia', 'tarjeta'] as const;
export const REMINDER_CHANNELS = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
/** The desk's lists, as they appear in the URL (`?estado=`). */
export const MEMBERSHIP_LISTS = ['por-vencer', 'vencidas', 'pausadas', 'activas', 'sin-apto'] as const;
export type MembershipList = (typeof MEMBERSHIP_LISTS)[number];

export const membershipListTitles: Record<MembershipList, string> = {
  'por-vencer': 'Vencen esta semana',
  vencidas: 'Vencidas',
  pausadas: 'Pausadas',
  activas: 'Activas',
  'sin-apto': 'Sin apto físico vigente',
};

export interface Membership {
  idUsuario: string;
  startDate: IsoDate;
  paidUntil: IsoDate | null;
  cycleDay: number | null;
  state: MembershipState | null;
  pausedSince: IsoDate | null;
  aptoFecha: IsoDate | null;
  aptoVence: IsoDate | null;
  aptoValido: boolean;
}

/** Amounts are integer centavos, and named so. */
export interface Payment {
  id: string;
  idUsuario: string;
  amountCentavos: Centavos;
  /** The plan's monthly fee when it was paid. */
  planPriceCentavos: Centavos;
  idPlan: number;
  method: MembershipPaymentMethod;
  months: number;
  periodFrom: IsoDate;
  periodTo: IsoDate;
  note: string | null;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
  /** Its receipt's number, R-000123: one sequence for every payment, without gaps. */
  receipt: string;
  /**
   * Who recorded it, as the receipt names them: the staff member's name (their e-mail when the
   * account has none or is gone); none for payments from before receipts or taken online.
   */
  recordedBy: string | null;
}

export interface Pause {
  id: string;
  motivo: string;
  startedOn: IsoDate;
  endedOn: IsoDate | null;
  days: number | null;
}

/** 'en cola': the daily job's e-mail, queued in the outbox and not yet sent (then 'enviado' or 'fallido'). */
export type ReminderStatus = 'enviado' | 'fallido' | 'abierto' | 'en cola';
export interface Reminder {
  id: string;
  channel: ReminderChannel;
  automatic: boolean;
  text: string;
  status: ReminderStatus;
  paidUntil: IsoDate | null;
  createdAt: string;
}

export interface MembershipDetail {
  membership: Membership | null;
  /** The plan's monthly fee today: what a month costs at the desk. */
  planPriceCentavos: Centavos;
  payments: Payment[];
  pauses: Pause[];
  reminders: Reminder[];
}

export interface MembershipRow {
  idUsuario: string;
  nombre: string;
  correo: string;
  celular: number;
  plan: number;
  nombrePlan: string;
  paidUntil: IsoDate | null;
  state: MembershipState | null;
  pausedSince: IsoDate | null;
  aptoVence: IsoDate | null;
  aptoValido: boolean;
  /** The last reminder that reached the client (sent e-mail or opened WhatsApp link), if any. */
  lastReminder: { at: string; channel: ReminderChannel } | null;
}

export interface MembershipPage {
  items: MembershipRow[];
  total: number;
  page: number;
  limit: number;
}

export interface ReminderTemplate {
  channel: ReminderChannel;
  text: string;
  updatedAt: string;
}

export interface ReminderOutcome {
  idUsuario: string;
  nombre: string;
  status: ReminderStatus | 'sin-numero';
  link: string | null;
}

export interface DashboardFigures {
  today: IsoDate;
  activas: number;
  porVencer: number;
  vencidas: number;
  pausadas: number;
  sinApto: number;
  nuevosClientes: number;
  /** Members' transfer receipts waiting for the desk (the portal's uploads). */
  comprobantes: number;
  /** This month's income and last month's, by method and source (the same figures as Reportes). */
  ingresos: { mes: PeriodIncome; mesAnterior: PeriodIncome };
  ultimoRecordatorio: { finishedAt: string | null; status: 'ok' | 'error' | null; sent: number | null } | null;
  /** Mails to clients and buyers the mail server refused, waiting to be tried again (for a day). */
  correosEnEspera: number;
}

export const MEMBERSHIP_LIMITS = {
  /** $ 1 to $ 10.000.000, in centavos. */
  amountCentavos: { min: 100, max: 1_000_000_000 },
  months: { min: 1, max: 12 },
  note: { max: 200 },
  reason: { min: 3, max: 200 },
  motivo: { min: 3, max: 100 },
  template: { min: 10, max: 500 },
  q: { max: 50 },
  reminderIds: { max: 100 },
  pageLimit: { max: 100 },
} as const;

export const membershipMessages = {
  receiptSent: 'Le enviamos el recibo por e-mail',
  receiptLinkReady: 'El mensaje con el recibo está listo para enviar por WhatsApp',
  receiptQueued: 'Le mandamos el recibo por WhatsApp: su estado aparece en la sección WhatsApp de la ficha',
  receiptNotSent: 'No se pudo enviar el recibo por e-mail. Probá de nuevo o envialo por WhatsApp.',
  receiptNoPhone: 'El celular del cliente no es un número de WhatsApp válido: enviale el recibo por e-mail.',
  amountNumber: 'El monto debe ser un número',
  amountRange: 'El monto debe estar entre $ 1 y $ 10.000.000, con hasta dos decimales',
  methodRequired: 'Elegí el medio de pago',
  methodInvalid: 'El medio de pago debe ser efectivo, transferencia o tarjeta',
  monthsRange: 'El período debe ser de 1 a 12 meses',
  noteMax: 'La nota no puede tener más de 200 caracteres',
  reasonRequired: 'Escribí el motivo de la anulación',
  reasonLength: 'El motivo debe tener entre 3 y 200 caracteres',
  motivoRequired: 'Escribí el motivo de la pausa',
  motivoLength: 'El motivo debe tener entre 3 y 100 caracteres',
  fechaRequired: 'La fecha es obligatoria',
  fechaInvalid: 'Escribí una fecha válida',
  fechaFuture: 'La fecha del apto físico no puede ser posterior a hoy',
  venceBeforeFecha: 'El vencimiento debe ser posterior a la fecha del apto',
  venceTooFar: 'El apto físico puede vencer como mucho dos años después de su fecha',
  templateRequired: 'El texto del mensaje es obligatorio',
  templateLength: 'El texto debe tener entre 10 y 500 caracteres',
  channelInvalid: 'El canal debe ser email o whatsapp',
  idsRequired: 'Elegí al menos un cliente',
  idsMax: 'Podés elegir hasta 100 clientes por vez',
  idsInvalid: 'Hay un código de cliente que no es válido',
  listInvalid: 'La lista pedida no existe',
  queryInvalid: 'Los filtros de la lista no son válidos',
  paymentNotFound: 'El pago no existe',
  alreadyVoided: 'Ese pago ya estaba anulado',
  alreadyPaused: 'La membresía ya está pausada',
  notPaused: 'La membresía no está pausada',
  noMembership: 'El cliente todavía no tiene membresía: registrá un pago primero',
  expiredPause: 'No se puede pausar una membresía vencida',
  paymentSaved: 'Pago registrado',
  paymentVoided: 'Pago anulado',
  paused: 'Membresía pausada',
  resumed: 'Membresía reanudada',
  aptoSaved: 'Apto físico guardado',
  templateSaved: 'Plantilla guardada',
  reminderSubject: 'Tu plan en el Gimnasio',
} as const;

const m = membershipMessages;
const L = MEMBERSHIP_LIMITS;

const isoDateField = () =>
  trimmedText(m.fechaInvalid).test('iso-date', m.fechaInvalid, (v) => v === undefined || v === '' || isIsoDate(v));

/** How staff send a payment's receipt: mailed with the PDF, or a WhatsApp message to open. */
export const receiptSendSchema = yup.object({
  channel: yup
    .string()
    .oneOf(['email', 'whatsapp'], 'Elegí cómo enviar el recibo: e-mail o WhatsApp')
    .required('Elegí cómo enviar el recibo: e-mail o WhatsApp'),
});

/**
 * A payment at the desk. `amountCentavos`: whole centavos (the form reads what was typed with
 * money-input.ts); absent means the plan's monthly fee × the months.
 */
export const paymentSchema = yup.object({
  amountCentavos: centavosNumber(m.amountNumber, m.amountRange)
    .optional()
    .min(L.amountCentavos.min, m.amountRange)
    .max(L.amountCentavos.max, m.amountRange),
  method: trimmedText(m.methodInvalid)
    .required(m.methodRequired)
    .oneOf([...DESK_PAYMENT_METHODS, ''], m.methodInvalid),
  months: strictNumber(m.monthsRange)
    .default(1)
    .integer(m.monthsRange)
    .min(L.months.min, m.monthsRange)
    .max(L.months.max, m.monthsRange),
  note: trimmedText(m.noteMax).max(L.note.max, m.noteMax).optional(),
  /** Recorded without an invoice (issue 44): only where the owner allows it (ARCA_ALLOW_SIN_FACTURA); audited. */
  sinFactura: yup.boolean().strict().optional(),
});

export const voidPaymentSchema = yup.object({
  reason: trimmedText(m.reasonLength)
    .required(m.reasonRequired)
    .min(L.reason.min, m.reasonLength)
    .max(L.reason.max, m.reasonLength),
});

export const pauseSchema = yup.object({
  motivo: trimmedText(m.motivoLength)
    .required(m.motivoRequired)
    .min(L.motivo.min, m.motivoLength)
    .max(L.motivo.max, m.motivoLength),
});

/** A certificate is valid a year by default (APTO_VALID_MONTHS); staff may give at most two. */
export const APTO_MAX_MONTHS = 24;

export const aptoSchema = yup.object({
  fecha: isoDateField().required(m.fechaRequired),
  vence: isoDateField()
    .optional()
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .test('after', m.venceBeforeFecha, function (v) {
      const fecha: unknown = this.parent.fecha;
      return v === undefined || typeof fecha !== 'string' || v > fecha;
    })
    .test('within', m.venceTooFar, function (v) {
      const fecha: unknown = this.parent.fecha;
      return v === undefined || !isIsoDate(fecha) || v <= addMonths(fecha, APTO_MAX_MONTHS);
    }),
});

export const reminderTemplateSchema = yup.object({
  text: trimmedText(m.templateLength)
    .required(m.templateRequired)
    .min(L.template.min, m.templateLength)
    .max(L.template.max, m.templateLength),
});

export const sendRemindersSchema = yup.object({
  channel: trimmedText(m.channelInvalid).required(m.channelInvalid).oneOf(REMINDER_CHANNELS, m.channelInvalid),
  ids: yup
    .array(yup.string().typeError(m.idsInvalid).required(m.idsInvalid).matches(RECORD_CODE_PATTERN, m.idsInvalid))
    .typeError(m.idsRequired)
    .required(m.idsRequired)
    .min(1, m.idsRequired)
    .max(L.reminderIds.max, m.idsMax),
});

/** The list's query string: every filter the screen keeps in the URL. */
export const membershipQuerySchema = yup.object({
  estado: trimmedText(m.listInvalid).oneOf(MEMBERSHIP_LISTS, m.listInvalid).default('por-vencer'),
  q: trimmedText(m.queryInvalid).max(L.q.max, m.queryInvalid).optional(),
  plan: strictNumber(m.queryInvalid).integer(m.queryInvalid).min(1, m.queryInvalid).max(9, m.queryInvalid).optional(),
  apto: trimmedText(m.queryInvalid).oneOf(['sin', ''], m.queryInvalid).optional(),
  page: strictNumber(m.queryInvalid)
    .integer(m.queryInvalid)
    .min(1, m.queryInvalid)
    .max(100_000, m.queryInvalid)
    .default(1),
  limit: strictNumber(m.queryInvalid)
    .integer(m.queryInvalid)
    .min(1, m.queryInvalid)
    .max(L.pageLimit.max, m.queryInvalid)
    .default(25),
});
export type MembershipQuery = yup.InferType<typeof membershipQuerySchema>;

export const paymentMethodLabels: Record<MembershipPaymentMethod, string> = {
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  tarjeta: 'Tarjeta',
  mercadopago: 'Mercado Pago',
};

/** Editable by staff; {nombre}, {plan}, {vence} (dd/mm) and {fecha} (dd/mm/aaaa) are filled per client. */
export const DEFAULT_REMINDER_TEMPLATES: Record<ReminderChannel, string> = {
  email:
    'Hola {nombre}, tu plan {plan} vence el {vence}. Podés renovarlo en la recepción, en efectivo, con tarjeta o por transferencia. ¡Te esperamos!',
  whatsapp: 'Hola {nombre}, tu plan vence el {vence}. ¡Te esperamos!',
};

/** `GET /v1/clients/status`: what a trainer may read about each client's membership (no money, no dates). */
export const CLIENT_MEMBERSHIP_STATUSES = ['al día', 'vencida', 'pausada', 'sin membresía'] as const;
export type ClientMembershipStatus = (typeof CLIENT_MEMBERSHIP_STATUSES)[number];
export interface ClientStatus {
  idUsuario: string;
  membresia: ClientMembershipStatus;
  aptoValido: boolean;
}
