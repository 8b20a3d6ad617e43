import type { InputHTMLAttributes } from 'react';
import { FieldFrame, useLabelledField } from './field-frame';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** A hint shown under the field while no error is shown (e.g. live checks). */
  hint?: string;
  /** The most characters the rule allows: shown as a live counter instead of cutting the text (no maxLength). */
  counter?: number;
}

/** A labelled Bootstrap input bound to Formik, with its message under it once touched. */
export function FormField({ name, label, hint, counter: max, ...input }: FormFieldProps) {
  const { field, id, error, invalid, aria, messageId, counter } = useLabelledField(name, hint, max);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} messageId={messageId} counter={counter}>
      <input id={id} className={`form-control${invalid}`} {...aria} {...field} {...input} />
    </FieldFrame>
  );
}
