import { useField } from 'formik';
import { useId } from 'react';
import type { SelectOption } from './select-field';

interface CheckboxGroupFieldProps {
  name: string;
  legend: string;
  options: SelectOption[];
  inline?: boolean;
}

/** A list field (e.g. sizes) as a group of checkboxes bound to Formik; the list keeps the options' order. */
export function CheckboxGroupField({ name, legend, options, inline = true }: CheckboxGroupFieldProps) {
  const [field, meta, helpers] = useField<string[]>(name);
  const id = useId();
  const error = meta.touched ? messageOf(meta.error) : undefined;
  const chosen = field.value ?? [];
  const toggle = (value: string, checked: boolean) => {
    const order = options.map((option) => option.value);
    const others = chosen.filter((item) => item !== value);
    const next = checked ? [...others, value] : others;
    void helpers.setTouched(true, false);
    void helpers.setValue(next.sort((a, b) => rank(order, a) - rank(order, b)));
  };
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-msg` : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {options.map((option) => (
        <div className={`form-check${inline ? ' form-check-inline' : ''}`} key={option.value}>
          <input
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            type="checkbox"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            checked={chosen.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
            {option.label}
          </label>
        </div>
      ))}
      {error && (
        <div id={`${id}-msg`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** Formik keeps an item's error (e.g. categoria[0]) in a list: the first one is shown. */
const messageOf = (error: unknown): string | undefined =>
  typeof error === 'string' ? error : Array.isArray(error) ? error.find((item) => typeof item === 'string') : undefined;

/** Values outside the options (kept from the server) go last, in their own order. */
const rank = (order: string[], value: string) => {
  const index = order.indexOf(value);
  return index === -1 ? order.length : index;
};
