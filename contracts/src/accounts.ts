import * as yup from 'yup';
import { loginMessages, registrationMessages as m } from './messages';
import { roleMessages, type Role } from './roles';

export interface StaffAccount {
  _id: string;
  name: string;
  lastname: string;
  email: string;
  role: Role;
}

/** A row of GET /v1/users (Tabla admin). */
export interface StaffUserRow extends StaffAccount {
  activo: boolean;
  lastLoginAt: string | null;
}

export interface StaffSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface LoginEvent {
  at: string;
  outcome: 'exito' | 'fallo' | 'bloqueo';
  ip: string | null;
}

export const loginOutcomeLabels: Record<LoginEvent['outcome'], string> = {
  exito: 'Ingreso correcto',
  fallo: 'Contraseña incorrecta o cuenta desactivada',
  bloqueo: 'Bloqueado por demasiados intentos',
};

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface RegistrationInput {
  name: string;
  lastname: string;
  email: string;
  password: string;
}

export interface RegistrationForm extends RegistrationInput {
  confirmPassword: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export const STAFF_CODE_MAX_LENGTH = 10;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERSON_NAME_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ'° ]+$/;
const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])\S{8,16}$/;

export interface FieldError {
  field: string;
  message: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The registration checks of SPEC §5, in the spec's order; the first failing one wins.
 * The API has no confirmation field, so rule 1 runs only when `confirmPassword` is present.
 */
export function firstRegistrationError(values: Partial<Record<keyof RegistrationForm, unknown>>): FieldError | null {
  const name = text(values.name).trim();
  const lastname = text(values.lastname).trim();
  const email = text(values.email).trim();
  const password = text(values.password);
  if ('confirmPassword' in values && password !== text(values.confirmPassword)) {
    return { field: 'confirmPassword', message: m.passwordsMustMatch };
  }
  const empty = (['name', 'lastname', 'email', 'password'] as const).find(
    (field) => ({ name, lastname, email, password })[field] === '',
  );
  if (empty) return { field: empty, message: m.required };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return { field: 'email', message: m.invalidEmail };
  if (name.length > NAME_MAX_LENGTH || !PERSON_NAME_PATTERN.test(name))
    return { field: 'name', message: m.invalidName };
  if (lastname.length > NAME_MAX_LENGTH || !PERSON_NAME_PATTERN.test(lastname)) {
    return { field: 'lastname', message: m.invalidLastname };
  }
  if (!PASSWORD_PATTERN.test(password)) return { field: 'password', message: m.weakPassword };
  return null;
}

/** Yup wrapper of the ordered checks, for Formik: one error at a time, on its field. */
export const registrationSchema = yup.object().test('registration', function check(values) {
  const error = firstRegistrationError((values ?? {}) as Record<string, unknown>);
  return error ? this.createError({ path: error.field, message: error.message }) : true;
});

export function normalizeRegistration(values: RegistrationInput): RegistrationInput {
  return {
    name: values.name.trim(),
    lastname: values.lastname.trim(),
    email: normalizeEmail(values.email),
    password: values.password,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The login form: both fields required; the server answers the same for any wrong pair. */
export const loginSchema = yup.object({
  email: yup.string().trim().required(loginMessages.required).matches(EMAIL_PATTERN, m.invalidEmail),
  password: yup.string().required(loginMessages.required),
});

/** Changing one's own password: the current one, then a new one under the registration's rule. */
export const passwordChangeSchema = yup.object({
  currentPassword: yup.string().required(roleMessages.currentPasswordRequired),
  newPassword: yup
    .string()
    .required(m.required)
    .matches(PASSWORD_PATTERN, m.weakPassword)
    .notOneOf([yup.ref('currentPassword')], roleMessages.samePassword),
  confirmPassword: yup
    .string()
    .oneOf([yup.ref('newPassword')], m.passwordsMustMatch)
    .optional(),
});

export type PasswordChangeInput = yup.InferType<typeof passwordChangeSchema>;
