import { COLOR_LABELS, COLORS, PRICE_BUCKETS, priceBucketLabel, SIZES } from '@gym/contracts/catalog';
import { countOf } from '@gym/contracts/format';
import { Offcanvas } from '@/components/offcanvas';
import type { FilterKey, ShopQuery } from '../hooks/use-shop-filters';
import { RadioFilter, type FilterOption } from './radio-filter';

const SIZE_OPTIONS: FilterOption[] = SIZES.map((size) => ({ value: size, label: size.toUpperCase() }));
const PRICE_OPTIONS: FilterOption[] = PRICE_BUCKETS.map((start) => ({
  value: String(start),
  label: priceBucketLabel(start),
}));
const COLOR_OPTIONS: FilterOption[] = COLORS.map((color) => ({ value: color, label: COLOR_LABELS[color] }));

interface FiltersPanelProps {
  open: boolean;
  onClose: () => void;
  query: ShopQuery;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onClear: () => void;
  /** How many products match, once known. */
  total?: number;
}

/** SPEC §2: radio filters for talle, precio and color, each with 'VER TODO'; applied as they are chosen. */
export function FiltersPanel({ open, onClose, query, onChange, onClear, total }: FiltersPanelProps) {
  return (
    <Offcanvas open={open} title="Filtros" placement="start" onClose={onClose}>
      <div className="shop-filters">
        <RadioFilter
          legend="Talle"
          options={SIZE_OPTIONS}
          value={query.talle}
          onChange={(value) => onChange('talle', value)}
        />
        <RadioFilter
          legend="Precio"
          options={PRICE_OPTIONS}
          value={query.precio === undefined ? undefined : String(query.precio)}
          onChange={(value) => onChange('precio', value)}
        />
        <RadioFilter
          legend="Color"
          options={COLOR_OPTIONS}
          value={query.color}
          onChange={(value) => onChange('color', value)}
        />
        <div className="d-grid gap-2">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {total === undefined ? 'Ver productos' : `Ver ${countOf(total, 'producto', 'productos')}`}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClear}>
            Limpiar filtros
          </button>
        </div>
      </div>
    </Offcanvas>
  );
}
