import type { Knex } from 'knex';

/**
 * Stock per size × colour. Each product's old single stock is spread over the combinations it
 * sells (sizes × colours, a single (null, null) one when it has neither): every combination gets
 * stock / n and the first (stock mod n), in the product's own order of sizes then colours, one
 * more; so no unit is lost (checked below before the old column goes). The same rule is
 * contracts' spreadStock, which the API uses for a product saved with a stock but no grid.
 * Changes to variant rows bump catalogue_version (migration 0006_catalogue_version), as product rows do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE product_variants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      talle text,
      color text,
      stock integer NOT NULL CONSTRAINT product_variants_stock_min CHECK (stock >= 0)
    )`);
  await knex.raw(`CREATE UNIQUE INDEX product_variants_combo ON product_variants
    (product_id, coalesce(talle, ''), coalesce(color, ''))`);
  await knex.raw(`
    CREATE FUNCTION product_variants_spread(p_id uuid, p_stock integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO product_variants (product_id, talle, color, stock)
      SELECT p.id, combo.talle, combo.color,
             p_stock / combo.n + CASE WHEN combo.i <= p_stock % combo.n THEN 1 ELSE 0 END
      FROM products p,
      LATERAL (
        SELECT t.talle, c.color, row_number() OVER (ORDER BY t.ti, c.ci) AS i, count(*) OVER () AS n
        FROM unnest(coalesce(nullif(p.talle, '{}'), ARRAY[NULL]::text[])) WITH ORDINALITY t(talle, ti),
             unnest(coalesce(nullif(p.color, '{}'), ARRAY[NULL]::text[])) WITH ORDINALITY c(color, ci)
      ) combo
      WHERE p.id = p_id
    $$`);
  const before = await knex.raw('SELECT coalesce(sum(stock), 0)::bigint AS units FROM products');
  await knex.raw('SELECT product_variants_spread(id, stock) FROM products');
  const after = await knex.raw('SELECT coalesce(sum(stock), 0)::bigint AS units FROM product_variants');
  if (String(before.rows[0].units) !== String(after.rows[0].units))
    throw new Error(`stock moved into variants does not add up: ${before.rows[0].units} != ${after.rows[0].units}`);
  await knex.raw('ALTER TABLE products DROP COLUMN stock');

  for (const [operation, rows] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const)
    await knex.raw(`CREATE TRIGGER product_variants_catalogue_version_${operation.toLowerCase()}
      AFTER ${operation} ON product_variants REFERENCING ${rows} TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump()`);
  await knex.raw(`CREATE TRIGGER product_variants_catalogue_version_truncate AFTER TRUNCATE ON product_variants
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump_all()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE products ADD COLUMN stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0)');
  await knex.raw(`UPDATE products p SET stock = coalesce((SELECT sum(v.stock) FROM product_variants v
    WHERE v.product_id = p.id), 0)`);
  await knex.raw('ALTER TABLE products ALTER COLUMN stock DROP DEFAULT');
  await knex.raw('DROP TABLE product_variants');
  await knex.raw('DROP FUNCTION product_variants_spread(uuid, integer)');
}
