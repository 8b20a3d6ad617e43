import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useLabelledField } from './field-frame';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
}

/** A labelled Bootstrap textarea bound to Formik, with its message under it once touched. */
export function TextareaField({ name, label, rows = 3, ...textarea }: TextareaFieldProps) {
  const { field, id, error, invalid, aria, messageId } = useLabelledField(name);
  return (
    <FieldFrame id={id} label={label} error={error} messageId={messageId}>
      <textarea id={id} rows={rows} className={`form-control${invalid}`} {...aria} {...field} {...textarea} />
    </FieldFrame>
  );
}
