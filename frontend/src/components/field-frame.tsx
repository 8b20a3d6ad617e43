import { useField } from 'formik';
import { useId, type ReactNode } from 'react';

/** A Formik field's value, an id for its control, and its message once touched. */
export function useLabelledField(name: string, hint?: string) {
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  const messageId = error || hint ? `${id}-msg` : undefined;
  return {
    field,
    id,
    error,
    /** Bootstrap's invalid style, to append to the control's class. */
    invalid: error ? ' is-invalid' : '',
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId },
    messageId,
  };
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  messageId?: string;
  children: ReactNode;
}

/** The label above a control and, under it, its error (or else its hint). */
export function FieldFrame({ id, label, error, hint, messageId, children }: FieldFrameProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {error ? (
        <div id={messageId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        hint && (
          <div id={messageId} className="form-text text-warning-emphasis">
            {hint}
          </div>
        )
      )}
    </div>
  );
}
