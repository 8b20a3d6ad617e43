import type { Knex } from 'knex';

/**
 * The shop's list at 100k products without reading the table:
 * - facet_bits holds the product's categories, sizes and colours as one integer (bit positions
 *   below, the same in products.repository.ts), so a page comes from an index-only scan of a
 *   covering btree in the order of its sort, testing `facet_bits & mask = mask` on each index
 *   entry; only the 24 rows shown are read from the table;
 * - `total` comes from product_facet_counts, one row per combination of category, size, colour,
 *   price bucket and cover flag ('*' = any; bucket -1 = any), kept exact by statement-level
 *   triggers in the same transaction as every write;
 * - text search (`q`) uses a trigram index when pg_trgm is available (PostgreSQL, and PGlite
 *   with the extension loaded in db/src/connection.ts).
 * The price buckets are those of contracts/src/catalog.ts (0, 1500, 3000, 4500 each $1500
 * wide; 6500 = more than $6000): a new bucket layout needs a new migration.
 */
const BUCKET = `CASE WHEN price <= 1500 THEN 0 WHEN price <= 3000 THEN 1500 WHEN price <= 4500 THEN 3000
  WHEN price <= 6000 THEN 4500 ELSE 6500 END`;

const FACET_BITS: [column: string, value: string, bit: number][] = [
  ['categoria', 'indumentaria', 0],
  ['categoria', 'accesorios', 1],
  ['categoria', 'equipos', 2],
  ['talle', 'xs', 3],
  ['talle', 's', 4],
  ['talle', 'm', 5],
  ['talle', 'l', 6],
  ['talle', 'xl', 7],
  ['color', 'azul', 8],
  ['color', 'negro', 9],
  ['color', 'gris', 10],
  ['color', 'marron', 11],
  ['color', 'blanco', 12],
  ['color', 'rojo', 13],
];

export async function up(knex: Knex): Promise<void> {
  const bits = FACET_BITS.map(([column, value, bit]) => `((${column} @> '{${value}}')::int << ${bit})`).join(' | ');
  await knex.raw(`ALTER TABLE products ADD COLUMN facet_bits integer GENERATED ALWAYS AS (${bits}) STORED`);
  await knex.raw('CREATE INDEX products_precio_cover ON products (precio, id) INCLUDE (facet_bits, portada)');
  await knex.raw('CREATE INDEX products_nombre_cover ON products (nombre, id) INCLUDE (facet_bits, precio, portada)');
  await knex.raw('DROP INDEX products_precio_idx');
  await knex.raw('DROP INDEX products_nombre_idx');

  // Without pg_trgm (a server lacking contrib, a PGlite without the extension) search still works, unindexed.
  await knex.raw(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN RAISE WARNING 'pg_trgm is not available: text search is not indexed'; END $$`);
  const { rows } = await knex.raw("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
  if (rows.length > 0) await knex.raw('CREATE INDEX products_nombre_trgm ON products USING gin (nombre gin_trgm_ops)');

  await knex.raw(`
    CREATE TABLE product_facet_counts (
      categoria text NOT NULL,
      talle text NOT NULL,
      color text NOT NULL,
      bucket integer NOT NULL,
      portada text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (categoria, talle, color, bucket, portada)
    )`);
  await knex.raw(`
    CREATE FUNCTION product_facets(categories text[], sizes text[], colours text[], price numeric, cover boolean)
    RETURNS TABLE (categoria text, talle text, color text, bucket integer, portada text)
    LANGUAGE sql IMMUTABLE AS $$
      SELECT DISTINCT c, t, k, b, p
      FROM unnest(array_remove(categories, 'all') || '{*}'::text[]) c,
           unnest(sizes || '{*}'::text[]) t,
           unnest(colours || '{*}'::text[]) k,
           unnest(ARRAY[${BUCKET}, -1]) b,
           unnest(ARRAY[cover::text, '*']) p
    $$`);
  await knex.raw(`
    CREATE FUNCTION product_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO product_facet_counts AS counts
        SELECT f.*, -count(*) FROM old_rows o,
          product_facets(o.categoria, o.talle, o.color, o.precio, o.portada) f
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (categoria, talle, color, bucket, portada) DO UPDATE SET n = counts.n + excluded.n;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO product_facet_counts AS counts
        SELECT f.*, count(*) FROM new_rows o,
          product_facets(o.categoria, o.talle, o.color, o.precio, o.portada) f
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (categoria, talle, color, bucket, portada) DO UPDATE SET n = counts.n + excluded.n;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION product_facet_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM product_facet_counts;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER products_facets_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply()`);
  await knex.raw(`CREATE TRIGGER products_facets_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply()`);
  await knex.raw(`CREATE TRIGGER products_facets_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply()`);
  await knex.raw(`CREATE TRIGGER products_facets_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_clear()`);
  await knex.raw(`
    INSERT INTO product_facet_counts
    SELECT f.*, count(*) FROM products p, product_facets(p.categoria, p.talle, p.color, p.precio, p.portada) f
    GROUP BY 1, 2, 3, 4, 5`);
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of ['insert', 'update', 'delete', 'truncate'])
    await knex.raw(`DROP TRIGGER products_facets_${trigger} ON products`);
  await knex.raw('DROP FUNCTION product_facet_counts_clear(), product_facet_counts_apply()');
  await knex.raw('DROP FUNCTION product_facets(text[], text[], text[], numeric, boolean)');
  await knex.raw('DROP TABLE product_facet_counts');
  await knex.raw('DROP INDEX IF EXISTS products_nombre_trgm');
  await knex.raw('CREATE INDEX products_precio_idx ON products (precio)');
  await knex.raw('CREATE INDEX products_nombre_idx ON products (nombre, id)');
  await knex.raw('DROP INDEX products_precio_cover');
  await knex.raw('DROP INDEX products_nombre_cover');
  await knex.raw('ALTER TABLE products DROP COLUMN facet_bits');
}
