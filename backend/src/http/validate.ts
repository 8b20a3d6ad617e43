import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { ValidationFailed } from './errors';

/** Validates with a contracts schema; the first message leads, every field's message is listed. */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): InferType<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ValidationFailed();
  try {
    return schema.validateSync(input, { abortEarly: false, stripUnknown: true }) as InferType<S>;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields: Record<string, string> = {};
    for (const inner of err.inner.length ? err.inner : [err]) {
      const key = (inner.path ?? '').replace(/\[\d+\]$/, '');
      if (key && !fields[key]) fields[key] = inner.message;
    }
    throw new ValidationFailed(err.inner[0]?.message ?? err.message, fields);
  }
}
