import { useId } from 'react';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The most one order may take of a size and colour: plus stops there (SPEC §4 had no ceiling). */
  max: number;
}

/** SPEC §4: starts at 1, minus does nothing at 1; plus stops at `max`. */
export function QuantityStepper({ value, onChange, max }: QuantityStepperProps) {
  const id = useId();
  return (
    <div className="mb-3">
      <span className="form-label d-block fw-semibold" id={id}>
        Cantidad
      </span>
      <div className="input-group quantity-stepper" role="group" aria-labelledby={id}>
        <button
          type="button"
          className="btn btn-outline-dark"
          aria-label="Restar uno"
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          −
        </button>
        <output className="form-control text-center" aria-labelledby={id} aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className="btn btn-outline-dark"
          aria-label="Sumar uno"
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
