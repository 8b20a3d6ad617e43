import { useId } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

interface RadioFilterProps {
  legend: string;
  options: FilterOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** One filter of the panel: 'VER TODO' first, then one radio per option. */
export function RadioFilter({ legend, options, value, onChange }: RadioFilterProps) {
  const name = useId();
  const all: FilterOption = { value: '', label: 'VER TODO' };
  return (
    <fieldset className="mb-4">
      <legend className="h6 fw-bold text-uppercase">{legend}</legend>
      {[all, ...options].map((option) => (
        <div className="form-check" key={option.value}>
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`${name}-${option.value || 'todo'}`}
            checked={(value ?? '') === option.value}
            onChange={() => onChange(option.value || undefined)}
          />
          <label className="form-check-label" htmlFor={`${name}-${option.value || 'todo'}`}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
