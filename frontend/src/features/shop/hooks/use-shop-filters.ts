import { useSearchParams } from 'react-router-dom';
import { parseProductFilters, type ProductFilters } from '@gym/contracts/product-filters';

export type FilterKey = 'talle' | 'precio' | 'color';
export type ShopQuery = Pick<ProductFilters, FilterKey | 'sort' | 'page' | 'q'>;
type Changes = Partial<Record<keyof ShopQuery, string | undefined>>;

const FILTER_KEYS: FilterKey[] = ['talle', 'precio', 'color'];

/** The shop's filters and name search (`?q=`) live in the URL query, so a filtered view survives a reload and can be shared. */
export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const { filters } = parseProductFilters(Object.fromEntries(params));
  const query: ShopQuery = {
    talle: filters.talle,
    precio: filters.precio,
    color: filters.color,
    sort: filters.sort,
    page: filters.page,
    q: filters.q,
  };

  /** Any change but a page change starts again from the first page. */
  const update = (changes: Changes) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const clear = () => update(Object.fromEntries([...FILTER_KEYS, 'q'].map((key) => [key, undefined])));
  const active = FILTER_KEYS.filter((key) => query[key] !== undefined);
  return { query, update, clear, active };
}
