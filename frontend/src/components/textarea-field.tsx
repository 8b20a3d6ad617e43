import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useLabelledField } from './field-frame';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  /** The most characters the rule allows: shown as a live counter instead of cutting the text (no maxLength). */
  counter?: number;
}

/** A labelled Bootstrap textarea bound to Formik, with its message under it once touched. */
export function TextareaField({ name, label, rows = 3, counter: max, ...textarea }: TextareaFieldProps) {
  const { field, id, error, invalid, aria, messageId, counter } = useLabelledField(name, undefined, max);
  return (
    <FieldFrame id={id} label={label} error={error} messageId={messageId} counter={counter}>
      <textarea id={id} rows={rows} className={`form-control${invalid}`} {...aria} {...field} {...textarea} />
    </FieldFrame>
  );
}
