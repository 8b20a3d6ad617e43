import { useField } from 'formik';
import { useId, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** A hint shown under the field while no error is shown (e.g. live checks). */
  hint?: string;
}

/** A labelled Bootstrap input bound to Formik, with its message under it once touched. */
export function FormField({ name, label, hint, ...input }: FormFieldProps) {
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  const describedBy = error || hint ? `${id}-msg` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...field}
        {...input}
      />
      {error ? (
        <div id={describedBy} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        hint && (
          <div id={describedBy} className="form-text text-warning-emphasis">
            {hint}
          </div>
        )
      )}
    </div>
  );
}
