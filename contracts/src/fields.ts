import * as yup from 'yup';

/** Text trimmed safely: a list or an object fails the type check with `message` instead of throwing. */
export const trimmedText = (message: string) =>
  yup
    .string()
    .typeError(message)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
