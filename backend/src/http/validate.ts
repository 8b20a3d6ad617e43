import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { httpMessages } from '@gym/contracts/messages';
import { ValidationFailed } from '../shared/errors';

/** yup's own English type message ("x must be a `string` type, but the final value was…") echoes the input. */
const messageOf = (e: ValidationError) =>
  e.type === 'typeError' && / must be a `/.test(e.message) ? httpMessages.invalidData : e.message;

function failure(err: ValidationError): ValidationFailed {
  const fields: Record<string, string> = {};
  const errors = err.inner.length ? err.inner : [err];
  for (const inner of errors) {
    const key = (inner.path ?? '').replace(/\[\d+\]$/, '');
    if (key && !fields[key]) fields[key] = messageOf(inner);
  }
  return new ValidationFailed(messageOf(errors[0]!), fields);
}

/** Validates with a contracts schema; the first message leads, every field's message is listed. */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): InferType<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ValidationFailed();
  try {
    return schema.validateSync(input, { abortEarly: false, stripUnknown: true }) as InferType<S>;
  } catch (err) {
    if (err instanceof ValidationError) throw failure(err);
    if (!(err instanceof TypeError)) throw err;
  }
  // A transform (trim, lowercase…) met a value of the wrong type, say an object for a name:
  // validating without transforms names the field with its type message.
  try {
    schema.validateSync(input, { abortEarly: false, strict: true });
  } catch (err) {
    if (err instanceof ValidationError) throw failure(err);
  }
  throw new ValidationFailed();
}
