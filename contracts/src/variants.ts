import * as yup from 'yup';
import { COLORS, SIZES, type Color, type Size } from './catalog';
import { productMessages as m } from './messages';

/** Stock of one size × colour a product sells; null where the product has no sizes (or colours). */
export interface ProductVariant {
  talle: Size | null;
  color: Color | null;
  stock: number;
}

/** The variants a product with these sizes and colours sells, sizes first, in their lists' order. */
export function variantCombos(
  talle: readonly Size[],
  color: readonly Color[],
): Pick<ProductVariant, 'talle' | 'color'>[] {
  const sizes: (Size | null)[] = talle.length ? [...talle] : [null];
  const colours: (Color | null)[] = color.length ? [...color] : [null];
  return sizes.flatMap((t) => colours.map((c) => ({ talle: t, color: c })));
}

export const sameVariant = (
  a: { talle?: string | null; color?: string | null },
  b: { talle?: string | null; color?: string | null },
) => (a.talle || null) === (b.talle || null) && (a.color || null) === (b.color || null);

/**
 * One stock spread over every combination without losing a unit: each gets stock / n, and the
 * first (stock mod n) one more. The same rule as migration 0010_product_variants moving the old stock.
 */
export function spreadStock(talle: readonly Size[], color: readonly Color[], stock: number): ProductVariant[] {
  const combos = variantCombos(talle, color);
  const each = Math.floor(stock / combos.length);
  const extra = stock % combos.length;
  return combos.map((combo, i) => ({ ...combo, stock: each + (i < extra ? 1 : 0) }));
}

/**
 * The grid for these sizes and colours: a given stock where a variant names the combination, 0
 * where none does; variants for combinations the product no longer sells are dropped.
 */
export function variantGrid(
  talle: readonly Size[],
  color: readonly Color[],
  given: readonly ProductVariant[],
): ProductVariant[] {
  return variantCombos(talle, color).map((combo) => ({
    ...combo,
    stock: given.find((v) => sameVariant(v, combo))?.stock ?? 0,
  }));
}

/**
 * An edit that sends only `stock` (the spec's form): the stocks already held are kept for the
 * combinations still sold; the difference to the new total is added to the first combination
 * or taken from the last ones first.
 */
export function reconcileStock(
  talle: readonly Size[],
  color: readonly Color[],
  current: readonly ProductVariant[],
  stock: number,
): ProductVariant[] {
  const grid = variantGrid(talle, color, current);
  let difference = stock - totalStock(grid);
  if (difference > 0) grid[0]!.stock += difference;
  for (let i = grid.length - 1; i >= 0 && difference < 0; i -= 1) {
    const taken = Math.min(grid[i]!.stock, -difference);
    grid[i]!.stock -= taken;
    difference += taken;
  }
  return grid;
}

export const totalStock = (variants: readonly { stock: number }[]) => variants.reduce((sum, v) => sum + v.stock, 0);

const stockField = yup
  .number()
  .typeError(m.stockInteger)
  .required(m.stockRequired)
  .integer(m.stockInteger)
  .min(0, m.stockMin)
  .max(1_000_000, m.stockInteger);

export const variantSchema = yup.object({
  talle: yup.string().oneOf(SIZES, m.talleInvalid).nullable().default(null),
  color: yup.string().oneOf(COLORS, m.colorInvalid).nullable().default(null),
  stock: stockField,
});

export const variantsField = yup.array(variantSchema.required()).max(30, m.variantesInvalid);

/** Below this many units the admin list marks a product "stock bajo". */
export const LOW_STOCK = 5;
