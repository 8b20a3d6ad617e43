import * as yup from 'yup';
import type { Centavos } from './money';
import { securityMessages } from './security-messages';
import { trimmedText } from './fields';
import { noBidiControls, strictNumber } from './products';
import { shiftField, trainerField, type Shift } from './shifts';

/** A gym client (the spec's "usuario"), with the shift and trainer stored beside it. */
export interface Client {
  idUsuario: string;
  nombre: string;
  edad: number;
  correo: string;
  celular: number;
  plan: number;
  turno: Shift;
  entrenador: string;
  updatedAt: string;
}

/** Codes chosen by a browser (idUsuario, codigoPlan): letters, digits, '-' and '_', up to 64. */
export const RECORD_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** SPEC §5: something@something, no spaces; characters that would split an address list are refused too. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+$/;

export const CLIENT_LIMITS = {
  nombre: { min: 3, max: 15 },
  edad: { min: 10, max: 100 },
  correo: { min: 13, max: 50 },
  celular: { min: 1_111_111_111, max: 999_999_999_999 },
  plan: { min: 1, max: 9 },
} as const;

export const clientMessages = {
  idUsuarioInvalid: 'El código de usuario solo puede tener letras, números, guiones y guiones bajos (hasta 64)',
  nombreRequired: 'El nombre es obligatorio',
  nombreLength: 'El nombre debe tener entre 3 y 15 caracteres',
  edadRequired: 'La edad es obligatoria',
  edadNumber: 'La edad debe ser un número entero',
  edadRange: 'La edad debe estar entre 10 y 100 años',
  correoRequired: 'El correo es obligatorio',
  correoInvalid: 'Escribí un correo válido, por ejemplo nombre@dominio.com',
  correoLength: 'El correo debe tener entre 13 y 50 caracteres',
  celularRequired: 'El celular es obligatorio',
  celularNumber: 'El celular debe ser un número, solo dígitos',
  celularRange: 'El celular debe ser un número entre 1111111111 y 999999999999',
  planRequired: 'El plan es obligatorio',
  planRange: 'El plan debe ser un número del 001 al 009',
  planUnknown: 'El plan elegido no existe',
  notFound: 'El usuario no existe',
  duplicate: 'Ya existe un usuario con ese código',
  stale: 'Otra persona modificó este usuario mientras lo editabas. Recargá para ver los cambios.',
  addedTitle: 'Listo',
  added: 'Usuario agregado exitosamente',
  deleteConfirmText: 'Se perderán para siempre',
  deleteConfirmButton: 'Si, borrar!',
  deleted: 'Usuario Eliminado Correctamente',
  archivedNote:
    'Tenía pagos, pedidos o clases registrados, así que quedó archivado con su historial: ya no aparece en las listas y el dueño puede restaurarlo.',
  notArchived: 'El usuario no está archivado',
  restored: 'Usuario restaurado: vuelve a aparecer en las listas con su historial.',
} as const;

/** A client the owner archived instead of deleting (it had payments or orders), with what it keeps. */
export interface ArchivedClient {
  client: Client;
  archivedAt: string;
  archivedBy: string | null;
  /** Payments recorded (voided ones too), what the valid ones add up to, in centavos, and shop orders by its e-mail. */
  history: ClientHistory;
}

export interface ClientHistory {
  pagos: number;
  totalPagadoCentavos: Centavos;
  pedidos: number;
  /** Class bookings and check-ins at the door: attendance history, kept like payments. */
  clases: number;
  /**
   * Money the member sent by themselves: Mercado Pago renewals (pending ones may still be paid, and a
   * late payment must find its member to be recorded or refunded) and transfer receipts.
   */
  enviosDelSocio: number;
}

/** `POST /v1/borrarusuario`'s answer: the spec's message, and whether the client was archived instead. */
export interface ClientDeleted {
  message: string;
  archived: boolean;
}

export const clientDeleteQuestion = (idUsuario: string) =>
  `Estas seguro de querer eliminar los datos del usuario ${idUsuario} de manera definitiva?`;

const m = clientMessages;
const L = CLIENT_LIMITS;
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** An optional code: kept when the browser sends one, made by the server when absent. */
export const recordCodeField = (message: string) =>
  trimmedText(message).transform(emptyToUndefined).matches(RECORD_CODE_PATTERN, message);

/** SPEC §5 client form; turno and entrenador are optional (the server assigns the least busy). */
export const clientSchema = yup.object({
  idUsuario: recordCodeField(m.idUsuarioInvalid).optional(),
  nombre: trimmedText(m.nombreLength)
    .required(m.nombreRequired)
    .min(L.nombre.min, m.nombreLength)
    .max(L.nombre.max, m.nombreLength)
    .test('bidi', securityMessages.bidiControl, noBidiControls),
  edad: strictNumber(m.edadNumber)
    .required(m.edadRequired)
    .integer(m.edadNumber)
    .min(L.edad.min, m.edadRange)
    .max(L.edad.max, m.edadRange),
  correo: trimmedText(m.correoInvalid)
    .required(m.correoRequired)
    .matches(SIMPLE_EMAIL_PATTERN, m.correoInvalid)
    .min(L.correo.min, m.correoLength)
    .max(L.correo.max, m.correoLength),
  celular: strictNumber(m.celularNumber)
    .required(m.celularRequired)
    .integer(m.celularNumber)
    .min(L.celular.min, m.celularRange)
    .max(L.celular.max, m.celularRange),
  plan: strictNumber(m.planRange)
    .required(m.planRequired)
    .integer(m.planRange)
    .min(L.plan.min, m.planRange)
    .max(L.plan.max, m.planRange),
  turno: shiftField().optional(),
  entrenador: trainerField().optional(),
});

export type ClientInput = yup.InferType<typeof clientSchema>;
