import type { Knex } from 'knex';

/**
 * Money is integer centavos in every table: products' and plans' prices and orders' totals were
 * numeric pesos (read into JavaScript floats), while memberships' payments were already centavos.
 * Each column is renamed with its unit and converted exactly (numeric(…, 2) × 100 is a whole
 * number). The price buckets of the catalogue's facet counts keep their names in pesos (the API's
 * `precio` filter: 0, 1500, 3000, 4500, 6500) and now compare centavos.
 */
const BUCKET = `CASE WHEN price <= 150000 THEN 0 WHEN price <= 300000 THEN 1500 WHEN price <= 450000 THEN 3000
  WHEN price <= 600000 THEN 4500 ELSE 6500 END`;
const OLD_BUCKET = `CASE WHEN price <= 1500 THEN 0 WHEN price <= 3000 THEN 1500 WHEN price <= 4500 THEN 3000
  WHEN price <= 6000 THEN 4500 ELSE 6500 END`;

const facets = (bucket: string) => `
  CREATE OR REPLACE FUNCTION product_facets(categories text[], sizes text[], colours text[], price numeric, cover boolean)
  RETURNS TABLE (categoria text, talle text, color text, bucket integer, portada text)
  LANGUAGE sql IMMUTABLE AS $$
    SELECT DISTINCT c, t, k, b, p
    FROM unnest(array_remove(categories, 'all') || '{*}'::text[]) c,
         unnest(sizes || '{*}'::text[]) t,
         unnest(colours || '{*}'::text[]) k,
         unnest(ARRAY[${bucket}, -1]) b,
         unnest(ARRAY[cover::text, '*']) p
  $$`;

const apply = (column: string) => `
  CREATE OR REPLACE FUNCTION product_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO product_facet_counts AS counts
      SELECT f.*, -count(*) FROM old_rows o,
        product_facets(o.categoria, o.talle, o.color, o.${column}, o.portada) f
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (categoria, talle, color, bucket, portada) DO UPDATE SET n = counts.n + excluded.n;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO product_facet_counts AS counts
      SELECT f.*, count(*) FROM new_rows o,
        product_facets(o.categoria, o.talle, o.color, o.${column}, o.portada) f
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (categoria, talle, color, bucket, portada) DO UPDATE SET n = counts.n + excluded.n;
    END IF;
    RETURN NULL;
  END $$`;

/** [table, column in pesos, column in centavos] */
const COLUMNS: [string, string, string][] = [
  ['products', 'precio', 'precio_centavos'],
  ['plans', 'precio', 'precio_centavos'],
  ['orders', 'total', 'total_centavos'],
  ['order_lines', 'precio', 'precio_centavos'],
  ['order_lines', 'subtotal', 'subtotal_centavos'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE products DROP CONSTRAINT products_precio_min');
  await knex.raw('ALTER TABLE plans DROP CONSTRAINT plans_precio_range');
  for (const [table, pesos, centavos] of COLUMNS) {
    await knex.raw(`ALTER TABLE ${table} RENAME COLUMN ${pesos} TO ${centavos}`);
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN ${centavos} TYPE bigint USING round(${centavos} * 100)::bigint`);
  }
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_precio_min CHECK (precio_centavos >= 100)');
  await knex.raw(
    'ALTER TABLE plans ADD CONSTRAINT plans_precio_range CHECK (precio_centavos BETWEEN 100000 AND 10000000)',
  );
  await knex.raw(facets(BUCKET));
  await knex.raw(apply('precio_centavos'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE products DROP CONSTRAINT products_precio_min');
  await knex.raw('ALTER TABLE plans DROP CONSTRAINT plans_precio_range');
  for (const [table, pesos, centavos] of COLUMNS) {
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN ${centavos} TYPE numeric(14, 2) USING ${centavos} / 100.0`);
    await knex.raw(`ALTER TABLE ${table} RENAME COLUMN ${centavos} TO ${pesos}`);
  }
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_precio_min CHECK (precio >= 1)');
  await knex.raw('ALTER TABLE plans ADD CONSTRAINT plans_precio_range CHECK (precio BETWEEN 1000 AND 100000)');
  await knex.raw(facets(OLD_BUCKET));
  await knex.raw(apply('precio'));
}
