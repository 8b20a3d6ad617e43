import {
  CATEGORIES,
  COLORS,
  PRICE_BUCKETS,
  SIZES,
  type Category,
  type Color,
  type PriceBucket,
  type Size,
} from './catalog';

export const PRODUCT_SORTS = ['nombre', 'precio_asc', 'precio_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 50;

export interface ProductFilters {
  categoria?: Category;
  talle?: Size;
  color?: Color;
  precio?: PriceBucket;
  portada?: boolean;
  q?: string;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

export const filterMessages = {
  categoria: 'La categoría elegida no existe',
  talle: 'El talle elegido no existe',
  color: 'El color elegido no existe',
  precio: 'El rango de precio elegido no existe',
  portada: 'El filtro de portada debe ser true o false',
  q: `La búsqueda puede tener hasta ${MAX_SEARCH_LENGTH} caracteres`,
  sort: 'El orden elegido no existe',
  page: 'La página debe ser un número entero mayor a 0',
  limit: `La cantidad por página debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`,
} as const;

type Query = Record<string, unknown>;
type Parsed = { filters: ProductFilters; errors: Partial<Record<keyof ProductFilters, string>> };

const ALL = new Set(['', 'all', 'todo', 'todos']);

function oneOf<T extends string>(values: readonly T[], raw: unknown): T | undefined | null {
  if (raw === undefined || (typeof raw === 'string' && ALL.has(raw))) return undefined;
  return typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

function positiveInt(raw: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

/** Reads the shop filters from a query string (API) or URL search params (shop); 'all' and '' mean no filter. */
export function parseProductFilters(query: Query): Parsed {
  const filters: ProductFilters = {};
  const errors: Parsed['errors'] = {};
  const set = <K extends keyof ProductFilters>(key: K, value: ProductFilters[K] | undefined | null) => {
    if (value === null) errors[key] = filterMessages[key];
    else if (value !== undefined) filters[key] = value;
  };
  set('categoria', oneOf(CATEGORIES, query.categoria));
  set('talle', oneOf(SIZES, query.talle));
  set('color', oneOf(COLORS, query.color));
  const precio = oneOf(PRICE_BUCKETS.map(String), query.precio);
  set('precio', precio === undefined || precio === null ? precio : (Number(precio) as PriceBucket));
  set(
    'portada',
    query.portada === undefined
      ? undefined
      : query.portada === 'true'
        ? true
        : query.portada === 'false'
          ? false
          : null,
  );
  const q = query.q;
  set(
    'q',
    q === undefined || q === ''
      ? undefined
      : typeof q === 'string' && q.length <= MAX_SEARCH_LENGTH
        ? q.trim() || undefined
        : null,
  );
  set('sort', query.sort === undefined || query.sort === '' ? undefined : oneOf(PRODUCT_SORTS, query.sort));
  set('page', positiveInt(query.page));
  set('limit', positiveInt(query.limit, MAX_PAGE_SIZE));
  return { filters, errors };
}

/** The inverse: filters to query parameters, leaving out what is not set. */
export function productFiltersToQuery(filters: ProductFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query;
}

/**
 * The one way a product name and a search are compared: accents and marks stripped, lower case
 * ("Ñandú" and "nandu" are both "nandu"). The API's index uses it, and its SQL path compares
 * PostgreSQL's `unaccent(lower(nombre))` with a search normalised by it.
 */
export const searchKey = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
