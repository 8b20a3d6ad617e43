import type { ProductFilters } from '@gym/contracts/product-filters';

/** Bit of each category, size and colour in products.facet_bits (migration 0003_products_catalogue_speed). */
const FACET_BITS: Record<'categoria' | 'talle' | 'color', Record<string, number>> = {
  categoria: { indumentaria: 0, accesorios: 1, equipos: 2 },
  talle: { xs: 3, s: 4, m: 5, l: 6, xl: 7 },
  color: { azul: 8, negro: 9, gris: 10, marron: 11, blanco: 12, rojo: 13 },
};

/** The facet_bits mask for the category, size and colour asked; undefined when one has no bit. */
export function facetMask(f: ProductFilters): number | undefined {
  let mask = 0;
  for (const column of ['categoria', 'talle', 'color'] as const) {
    const value = f[column];
    if (!value || value === 'all') continue;
    const bit = FACET_BITS[column][value];
    if (bit === undefined) return undefined;
    mask |= 1 << bit;
  }
  return mask;
}
