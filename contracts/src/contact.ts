import * as yup from 'yup';
import { trimmedText } from './fields';
import { CLIENT_LIMITS, SIMPLE_EMAIL_PATTERN, recordCodeField } from './clients';

/** 'en cola': a daily reminder's e-mail waiting in the outbox (sent or given up, it says so). */
export const MESSAGE_STATUSES = ['enviado', 'fallido', 'en cola'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message staff sent to a person, kept with its outcome. */
export interface ContactMessage {
  id: string;
  user_name: string;
  user_email: string;
  user_message: string;
  idUsuario: string | null;
  status: MessageStatus;
  error: string | null;
  createdAt: string;
}

export const CONTACT_LIMITS = {
  name: { min: 3, max: 15 },
  email: { min: 15, max: 50 },
  /** The per-client form carries the client's own e-mail, so it follows the client rule (DESIGN.md 12). */
  clientEmail: CLIENT_LIMITS.correo,
  message: { min: 4, max: 50 },
} as const;

export const contactMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameLength: 'El nombre debe tener entre 3 y 15 caracteres',
  emailRequired: 'El email es obligatorio',
  emailInvalid: 'Escribí un email válido, por ejemplo nombre@dominio.com',
  emailLength: 'El email debe tener entre 15 y 50 caracteres',
  clientEmailLength: 'El email debe tener entre 13 y 50 caracteres',
  messageRequired: 'El mensaje es obligatorio',
  messageLength: 'El mensaje debe tener entre 4 y 50 caracteres',
  idUsuarioInvalid: 'El código de usuario no es válido',
  sendFailed: 'No pudimos enviar el mensaje. Probá de nuevo más tarde.',
  subject: 'Mensaje del Gimnasio',
  sent: { title: 'Enhorabuena', text: 'Tu mensaje ha sido enviado' },
  failed: { title: 'Ups', text: 'Tu mensaje no podido enviarse' },
} as const;

const m = contactMessages;
const L = CONTACT_LIMITS;

const emailField = (limits: { min: number; max: number }, lengthMessage: string) =>
  trimmedText(m.emailInvalid)
    .required(m.emailRequired)
    .matches(SIMPLE_EMAIL_PATTERN, m.emailInvalid)
    .min(limits.min, lengthMessage)
    .max(limits.max, lengthMessage);

/** SPEC §5 message form; with idUsuario (the per-client form) the e-mail follows the client rule. */
export const contactMessageSchema = yup.object({
  idUsuario: recordCodeField(m.idUsuarioInvalid).optional(),
  user_name: trimmedText(m.nameLength)
    .required(m.nameRequired)
    .min(L.name.min, m.nameLength)
    .max(L.name.max, m.nameLength),
  user_email: yup
    .string()
    .required(m.emailRequired)
    .when('idUsuario', ([idUsuario]) =>
      idUsuario ? emailField(L.clientEmail, m.clientEmailLength) : emailField(L.email, m.emailLength),
    ),
  user_message: trimmedText(m.messageLength)
    .required(m.messageRequired)
    .min(L.message.min, m.messageLength)
    .max(L.message.max, m.messageLength),
});

export type ContactMessageInput = yup.InferType<typeof contactMessageSchema>;
