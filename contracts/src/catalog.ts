import { formatPrice } from './format';
import { toCentavos } from './money';

export const SIZES = ['xs', 's', 'm', 'l', 'xl'] as const;
export const COLORS = ['azul', 'negro', 'gris', 'marron', 'blanco', 'rojo'] as const;
export const CATEGORIES = ['all', 'accesorios', 'equipos', 'indumentaria'] as const;

export type Size = (typeof SIZES)[number];
export type Color = (typeof COLORS)[number];
export type Category = (typeof CATEGORIES)[number];

/** Radio values of the price filter (SPEC §9): each is the start of a bucket. */
export const PRICE_BUCKETS = [0, 1500, 3000, 4500, 6500] as const;
export type PriceBucket = (typeof PRICE_BUCKETS)[number];

const BUCKET_WIDTH = 1500;
const LAST_BUCKET_FLOOR = 6000;

/** Price above `above` (exclusive) and up to `upTo` (inclusive); `upTo` null means no ceiling. */
export interface PriceRange {
  above: number;
  upTo: number | null;
}

export function priceBucketRange(start: number): PriceRange {
  if (start < LAST_BUCKET_FLOOR) return { above: start, upTo: start + BUCKET_WIDTH };
  return { above: LAST_BUCKET_FLOOR, upTo: null };
}

/** The same range in centavos, as prices are stored and compared on the server. */
export function priceBucketCentavos(start: number): PriceRange {
  const { above, upTo } = priceBucketRange(start);
  return { above: toCentavos(above), upTo: upTo === null ? null : toCentavos(upTo) };
}

export function matchesPriceBucket(price: number, start: number): boolean {
  const { above, upTo } = priceBucketRange(start);
  return price > above && (upTo === null || price <= upTo);
}

export function priceBucketLabel(start: PriceBucket): string {
  const { above, upTo } = priceBucketRange(start);
  return upTo === null ? `Más de ${formatPrice(above)}` : `${formatPrice(above)} – ${formatPrice(upTo)}`;
}

export const COLOR_LABELS: Record<Color, string> = {
  azul: 'Azul',
  negro: 'Negro',
  gris: 'Gris',
  marron: 'Marrón',
  blanco: 'Blanco',
  rojo: 'Rojo',
};

export const CATEGORY_LABELS: Record<Category, string> = {
  all: 'Ver todo',
  accesorios: 'Accesorios',
  equipos: 'Equipos',
  indumentaria: 'Indumentaria',
};
