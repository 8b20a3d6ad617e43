import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';

/** A variant asked for, locked, with its product's current name and price. */
export interface LockedVariant {
  id: string;
  productId: string;
  talle: string | null;
  color: string | null;
  stock: number;
  nombre: string;
  precioCentavos: Centavos;
}

/** Units of one variant, taken by an order or given back by its cancellation. */
export interface StockMove {
  variantId: string;
  cantidad: number;
}

/**
 * The variants' stock as orders move it, inside the order's transaction `trx` (issue 43, item 3:
 * the table is the products'). Variants are locked in id order, so two orders never wait on each
 * other in a circle.
 */
export function createStockRepository(trx: Knex) {
  return {
    /** Locks the variants asked for (by product, size and colour) until the transaction ends; with their product's name and price. */
    async lock(wanted: { producto: string; talle: string | null; color: string | null }[]): Promise<LockedVariant[]> {
      const tuples = wanted.map(() => '(?::uuid, ?, ?)').join(', ');
      const bindings = wanted.flatMap((w) => [w.producto, w.talle ?? '', w.color ?? '']);
      const { rows } = await trx.raw(
        `SELECT v.id, v.product_id, v.talle, v.color, v.stock, p.nombre, p.precio_centavos
           FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE (v.product_id, coalesce(v.talle, ''), coalesce(v.color, '')) IN (${tuples})
          ORDER BY v.id
            FOR UPDATE OF v`,
        bindings,
      );
      return (rows as Record<string, unknown>[]).map((r) => ({
        id: r.id as string,
        productId: r.product_id as string,
        talle: r.talle as string | null,
        color: r.color as string | null,
        stock: r.stock as number,
        nombre: r.nombre as string,
        precioCentavos: centavos(r.precio_centavos as number),
      }));
    },

    /**
     * Takes the units (one conditional UPDATE each, in one statement): how many variants lost their
     * quantity, short when one no longer had it.
     */
    async take(moves: StockMove[]): Promise<number> {
      const { rows } = await trx.raw(
        `WITH x AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(variant_id uuid, cantidad int))
         UPDATE product_variants v SET stock = v.stock - x.cantidad FROM x
          WHERE v.id = x.variant_id AND v.stock >= x.cantidad
         RETURNING v.id`,
        [JSON.stringify(moves.map((m) => ({ variant_id: m.variantId, cantidad: m.cantidad })))],
      );
      return (rows as unknown[]).length;
    },

    /** Gives units back to the variants that still exist (locked in id order); how many got theirs. */
    async giveBack(moves: StockMove[]): Promise<number> {
      if (moves.length === 0) return 0;
      const { rows } = await trx.raw(
        `WITH back AS (
           SELECT variant_id AS id, sum(cantidad)::int AS cantidad
             FROM jsonb_to_recordset(?::jsonb) AS x(variant_id uuid, cantidad int) GROUP BY variant_id),
         locked AS (
           SELECT v.id FROM product_variants v JOIN back ON back.id = v.id ORDER BY v.id FOR UPDATE OF v)
         UPDATE product_variants v SET stock = v.stock + back.cantidad
           FROM back, locked WHERE v.id = back.id AND locked.id = v.id
         RETURNING v.id`,
        [JSON.stringify(moves.map((m) => ({ variant_id: m.variantId, cantidad: m.cantidad })))],
      );
      return (rows as unknown[]).length;
    },
  };
}
