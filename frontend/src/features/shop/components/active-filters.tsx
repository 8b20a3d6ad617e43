import { COLOR_LABELS, priceBucketLabel } from '@gym/contracts/catalog';
import type { FilterKey, ShopQuery } from '../hooks/use-shop-filters';

const filterLabel = (key: FilterKey, query: ShopQuery): string => {
  if (key === 'talle') return `Talle ${query.talle?.toUpperCase()}`;
  if (key === 'color') return `Color ${query.color ? COLOR_LABELS[query.color] : ''}`;
  return query.precio === undefined ? '' : priceBucketLabel(query.precio);
};

interface ActiveFiltersProps {
  query: ShopQuery;
  active: FilterKey[];
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}

/** The filters in use, each removable, so the visitor always sees why the list is short. */
export function ActiveFilters({ query, active, onRemove, onClear }: ActiveFiltersProps) {
  if (active.length === 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <span className="small text-secondary">Filtros:</span>
      {active.map((key) => (
        <button
          key={key}
          type="button"
          className="btn btn-sm btn-outline-secondary rounded-pill"
          aria-label={`Quitar el filtro ${filterLabel(key, query)}`}
          onClick={() => onRemove(key)}
        >
          {filterLabel(key, query)} <span aria-hidden="true">×</span>
        </button>
      ))}
      <button type="button" className="btn btn-sm btn-link" onClick={onClear}>
        Limpiar filtros
      </button>
    </div>
  );
}
