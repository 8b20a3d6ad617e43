import { useId, type ReactNode } from 'react';

interface OptionPickerProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | '';
  onChange: (value: T) => void;
  label: (option: T) => ReactNode;
  /** Options that cannot be chosen now (no stock with the other choice made). */
  unavailable?: (option: T) => boolean;
}

/** A labelled radio group drawn as buttons: one choice among the product's sizes or colours. */
export function OptionPicker<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  unavailable = () => false,
}: OptionPickerProps<T>) {
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold mb-2">{legend}</legend>
      <div className="d-flex flex-wrap gap-2">
        {options.map((option) => (
          <span key={option}>
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${id}-${option}`}
              value={option}
              checked={value === option}
              disabled={unavailable(option)}
              onChange={() => onChange(option)}
            />
            <label className="btn btn-outline-dark option-picker__option" htmlFor={`${id}-${option}`}>
              {label(option)}
              {unavailable(option) && <span className="small ms-1 option-picker__sold-out">Sin stock</span>}
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
