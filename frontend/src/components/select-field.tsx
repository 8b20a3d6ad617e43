import { useField } from 'formik';
import { useId, type SelectHTMLAttributes } from 'react';

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
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-msg` : undefined}
        {...field}
        value={field.value ?? ''}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-msg`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
