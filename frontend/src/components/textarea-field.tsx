import { useField } from 'formik';
import { useId, type TextareaHTMLAttributes } from 'react';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
}

/** A labelled Bootstrap textarea bound to Formik, with its message under it once touched. */
export function TextareaField({ name, label, rows = 3, ...textarea }: TextareaFieldProps) {
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-msg` : undefined}
        {...field}
        {...textarea}
      />
      {error && (
        <div id={`${id}-msg`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
