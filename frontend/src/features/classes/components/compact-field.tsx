import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useLabelledField } from '@/components/field-frame';

interface CompactProps {
  name: string;
  /** Read by assistive technology only: in a table row or beside its button, the place says what it is. */
  label: string;
}

const Message = ({ id, error }: { id?: string; error?: string }) =>
  error ? (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;

/** A small Formik input with a hidden label and, once touched, its message under it (FormField's, without the frame). */
export function CompactField({ name, label, ...input }: CompactProps & InputHTMLAttributes<HTMLInputElement>) {
  const { field, id, error, invalid, aria, messageId } = useLabelledField(name);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className={`form-control form-control-sm${invalid}`} {...aria} {...field} {...input} />
      <Message id={messageId} error={error} />
    </>
  );
}

/** The select of CompactField. */
export function CompactSelect({
  name,
  label,
  children,
  ...select
}: CompactProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const { field, id, error, invalid, aria, messageId } = useLabelledField(name);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className={`form-select form-select-sm${invalid}`} {...aria} {...field} {...select}>
        {children}
      </select>
      <Message id={messageId} error={error} />
    </>
  );
}
