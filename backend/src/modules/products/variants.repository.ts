import type { Knex } from 'knex';
import { reconcileStock, spreadStock, totalStock, variantGrid, type ProductVariant } from '@gym/contracts/variants';
import type { Product, ProductInput } from '@gym/contracts/products';

/** What the grid needs of a product: its id, sizes and colours. */
type Gridded = Pick<Product, '_id' | 'talle' | 'color'>;

interface VariantRow {
  id: string;
  product_id: string;
  talle: ProductVariant['talle'];
  color: ProductVariant['color'];
  stock: number;
}

const key = (v: { talle: string | null; color: string | null }) => `${v.talle ?? ''}|${v.color ?? ''}`;

/** A stock row as the catalogue's reads return it (json_build_array): [talle, color, stock]. */
export type VariantTriple = [ProductVariant['talle'], ProductVariant['color'], number];

/** The product with its grid, in its own order of sizes and colours, and the sum as `stock`. */
export function withGrid<P extends Gridded>(
  product: P,
  rows: VariantTriple[],
): P & Pick<Product, 'stock' | 'variantes'> {
  const held = rows.map(([talle, color, stock]) => ({ talle, color, stock }));
  const variantes = variantGrid(product.talle, product.color, held);
  return { ...product, stock: totalStock(variantes), variantes };
}

/** Stock per size × colour (migration 0010_product_variants): products' `variantes`, and `stock` as their sum. */
export function createVariantsRepository() {
  return {
    /** Each product with its grid in the product's order of sizes and colours, and the sum as `stock`. */
    async attach<P extends Gridded>(
      conn: Knex | Knex.Transaction,
      products: P[],
    ): Promise<(P & Pick<Product, 'stock' | 'variantes'>)[]> {
      if (products.length === 0) return [];
      // One array literal, however many products (a list of bindings stops at 65535); ids are uuids.
      const ids = `{${products.map((p) => p._id).join(',')}}`;
      const rows: VariantRow[] = await conn('product_variants')
        .select('product_id', 'talle', 'color', 'stock')
        .whereRaw('product_id = ANY(?::uuid[])', [ids]);
      const byProduct = new Map<string, VariantTriple[]>();
      for (const row of rows) {
        const list = byProduct.get(row.product_id) ?? [];
        list.push([row.talle, row.color, row.stock]);
        byProduct.set(row.product_id, list);
      }
      return products.map((p) => withGrid(p, byProduct.get(p._id) ?? []));
    },

    /** The product's variant rows, locked (in id order) until the transaction ends. */
    async lock(trx: Knex.Transaction, productId: string): Promise<(ProductVariant & { id: string })[]> {
      return trx('product_variants')
        .select('id', 'talle', 'color', 'stock')
        .where({ product_id: productId })
        .orderBy('id')
        .forUpdate();
    },

    /**
     * Writes the grid the input asks for: its `variantes`, or else its `stock` spread (a new product)
     * or reconciled with the stocks held (an edit). Rows are updated in place, so a pending order
     * still finds the row to give its stock back to.
     */
    async replace(
      trx: Knex.Transaction,
      productId: string,
      input: Pick<ProductInput, 'talle' | 'color' | 'stock' | 'variantes'>,
      current: (ProductVariant & { id: string })[] = [],
    ): Promise<void> {
      const grid =
        input.variantes ??
        (current.length
          ? reconcileStock(input.talle, input.color, current, input.stock)
          : spreadStock(input.talle, input.color, input.stock));
      const held = new Map(current.map((v) => [key(v), v]));
      const wanted = new Set(grid.map(key));
      const gone = current.filter((v) => !wanted.has(key(v))).map((v) => v.id);
      if (gone.length) await trx('product_variants').whereIn('id', gone).delete();
      for (const variant of grid) {
        const row = held.get(key(variant));
        if (row && row.stock !== variant.stock)
          await trx('product_variants').where({ id: row.id }).update({ stock: variant.stock });
      }
      const fresh = grid.filter((v) => !held.has(key(v)));
      if (fresh.length) await trx('product_variants').insert(fresh.map((v) => ({ ...v, product_id: productId })));
    },
  };
}
