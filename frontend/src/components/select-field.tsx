import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useLabelledField } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  options: SelectOption[];
  /** A first, empty choice (e.g. 'Elegí una opción'), so nothing is chosen by default. */
  placeholder?: string;
}

/** A labelled Bootstrap select bound to Formik, with its message under it once touched. */
export function SelectField({ name, label, options, placeholder, ...select }: SelectFieldProps) {
  const { field, id, error, invalid, aria, messageId } = useLabelledField(name);
  return (
    <FieldFrame id={id} label={label} error={error} messageId={messageId}>
      <select id={id} className={`form-select${invalid}`} {...aria} {...field} value={field.value ?? ''} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
