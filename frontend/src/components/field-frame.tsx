import { useField } from 'formik';
import { useId, type ReactNode } from 'react';

/**
 * A Formik field's value, an id for its control, and its message once touched. With `max`, the
 * text is never cut: a counter shows the length, and past the limit the rule's message shows at once.
 */
export function useLabelledField(name: string, hint?: string, max?: number) {
  const [field, meta] = useField(name);
  const id = useId();
  const length = String(field.value ?? '').length;
  const over = max !== undefined && length > max;
  const error = meta.touched || over ? meta.error : undefined;
  const messageId = error || hint ? `${id}-msg` : undefined;
  const counterId = max !== undefined ? `${id}-count` : undefined;
  const describedBy = [messageId, counterId].filter(Boolean).join(' ') || undefined;
  return {
    field,
    id,
    error,
    /** Bootstrap's invalid style, to append to the control's class. */
    invalid: error ? ' is-invalid' : '',
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
    messageId,
    counter: counterId ? { id: counterId, text: `${length}/${max}`, over } : undefined,
  };
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  messageId?: string;
  counter?: { id: string; text: string; over: boolean };
  children: ReactNode;
}

/** The label above a control and, under it, its error (or else its hint). */
export function FieldFrame({ id, label, error, hint, messageId, counter, children }: FieldFrameProps) {
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
      {counter && (
        <div id={counter.id} className={`form-text text-end mt-0${counter.over ? ' text-danger' : ''}`}>
          {counter.text}
        </div>
      )}
    </div>
  );
}
