import { useField } from 'formik';
import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { formatMoneyInput } from '@gym/contracts/money-input';
import { FieldFrame, useLabelledField } from './field-frame';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'>;

interface MoneyInputProps extends InputProps {
  /** The text as shown ("7.400,50"); read it with parseMoneyInput. */
  value: string;
  onChange: (text: string) => void;
}

/** How many digits and commas come before `caret`: what stays put when the dots move. */
const significantBefore = (text: string, caret: number) => text.slice(0, caret).replace(/[^\d,]/g, '').length;

/** The position after the `count`-th digit or comma of `text`. */
function positionAfter(text: string, count: number) {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/[\d,]/.test(text[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
}

/**
 * Every amount a person types, staff or member: a text field with the decimal keypad that shows
 * what is typed as it is written in Argentina ("7400" becomes "7.400", "7.400,50" stays), the caret
 * staying after the digit just typed. Controlled by plain state or by Formik (MoneyField).
 */
export function MoneyInput({ value, onChange, ...input }: MoneyInputProps) {
  const inner = useRef<HTMLInputElement>(null);
  const caret = useRef<{ text: string; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    const element = inner.current;
    if (!pending || !element || element.value !== pending.text) return;
    caret.current = null;
    if (document.activeElement === element) element.setSelectionRange(pending.at, pending.at);
  });
  return (
    <input
      ref={inner}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...input}
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        const text = formatMoneyInput(typed, { deleting: typed.length < value.length });
        const at = event.target.selectionStart ?? typed.length;
        if (text !== typed) caret.current = { text, at: positionAfter(text, significantBefore(typed, at)) };
        onChange(text);
      }}
    />
  );
}

interface MoneyFieldProps extends InputProps {
  name: string;
  label: string;
  hint?: string;
}

/** A labelled MoneyInput bound to Formik (its value is the typed text), with its message under it once touched. */
export function MoneyField({ name, label, hint, ...input }: MoneyFieldProps) {
  const { field, id, error, invalid, aria, messageId } = useLabelledField(name, hint);
  const [, , helpers] = useField<string>(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} messageId={messageId}>
      <MoneyInput
        id={id}
        className={`form-control${invalid}`}
        {...aria}
        {...input}
        name={field.name}
        value={String(field.value ?? '')}
        onBlur={field.onBlur}
        onChange={(text) => void helpers.setValue(text)}
      />
    </FieldFrame>
  );
}
