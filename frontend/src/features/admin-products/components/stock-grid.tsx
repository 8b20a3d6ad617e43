import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { COLOR_LABELS, type Color, type Size } from '@gym/contracts/catalog';
import { totalStock, variantCombos, variantGrid, type ProductVariant } from '@gym/contracts/variants';
import { FormField } from '@/components/form-field';

interface GridValues {
  stock: number | '';
  talle: string[];
  color: string[];
  variantes: ProductVariant[];
}

/**
 * The stock field: one number for a product with one combination (no sizes or colours, or just
 * one of each); otherwise a grid with one stock per size × colour it sells, whose sum is the stock.
 */
export function StockField() {
  const { values, setFieldValue } = useFormikContext<GridValues>();
  const talle = values.talle as Size[];
  const color = values.color as Color[];
  const hasGrid = variantCombos(talle, color).length > 1;
  const total = totalStock(variantGrid(talle, color, values.variantes));
  // With a grid, the spec's stock field is its sum.
  useEffect(() => {
    if (hasGrid && values.stock !== total) void setFieldValue('stock', total);
  }, [hasGrid, total, values.stock, setFieldValue]);
  if (!hasGrid) return <FormField name="stock" label="Stock" type="number" min={0} step={1} required />;
  const grid = variantGrid(talle, color, values.variantes);
  const set = (combo: Pick<ProductVariant, 'talle' | 'color'>, raw: string) => {
    const stock = raw === '' ? 0 : Math.max(0, Math.trunc(Number(raw)) || 0);
    const next = grid.map((v) => (v.talle === combo.talle && v.color === combo.color ? { ...v, stock } : v));
    void setFieldValue('variantes', next);
  };
  const label = (v: Pick<ProductVariant, 'talle' | 'color'>) =>
    [v.talle?.toUpperCase(), v.color && COLOR_LABELS[v.color]].filter(Boolean).join(' ');
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Stock por talle y color (total {total})</legend>
      <div className="row row-cols-2 row-cols-sm-3 g-2">
        {variantCombos(talle, color).map((combo) => {
          const id = `stock-${combo.talle ?? 'x'}-${combo.color ?? 'x'}`;
          return (
            <div className="col" key={id}>
              <label htmlFor={id} className="form-label small mb-0">
                {label(combo)}
              </label>
              <input
                id={id}
                type="number"
                min={0}
                step={1}
                className="form-control form-control-sm"
                aria-label={`Stock ${label(combo)}`}
                value={grid.find((v) => v.talle === combo.talle && v.color === combo.color)?.stock ?? 0}
                onChange={(event) => set(combo, event.target.value)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
