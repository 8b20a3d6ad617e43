import { useId } from 'react';
import { PRODUCT_SORTS, type ProductSort } from '@gym/contracts/product-filters';

const LABELS: Record<ProductSort, string> = {
  nombre: 'Nombre (A-Z)',
  precio_asc: 'Precio: menor a mayor',
  precio_desc: 'Precio: mayor a menor',
};

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (value: ProductSort) => void }) {
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label mb-0 text-nowrap">
        Ordenar por
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
