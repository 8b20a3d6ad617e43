import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';

/** A product as a price change sees it: its name and price. */
export interface PricedProduct {
  id: string;
  nombre: string;
  precioCentavos: Centavos;
}

/** The products of any of these categories (each once), by name; `lock` holds them until the transaction ends. */
export async function productsInCategories(
  q: Knex,
  categorias: readonly string[],
  lock = false,
): Promise<PricedProduct[]> {
  if (categorias.length === 0) return [];
  const query = q('products')
    .whereRaw('categoria && ?::text[]', [[...categorias]])
    .orderBy([{ column: 'nombre' }, { column: 'id' }])
    .select('id', 'nombre', 'precio_centavos');
  if (lock) query.forUpdate();
  const rows: { id: string; nombre: string; precio_centavos: number | string }[] = await query;
  return rows.map((r) => ({ id: r.id, nombre: r.nombre, precioCentavos: centavos(Number(r.precio_centavos)) }));
}

/** Sets one product's price (the catalogue's version follows by trigger). */
export async function setProductPrice(trx: Knex, id: string, price: Centavos, now: Date): Promise<void> {
  await trx('products').where({ id }).update({ precio_centavos: price, updated_at: now });
}
