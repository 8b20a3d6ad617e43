// Fills the products table with N rows spread like a real sports shop: half clothing (with
// sizes), the rest accessories and equipment; one to three colours; prices spread log-uniformly
// from $500 to $15,000 (every price bucket); 3 % on the cover; some out of stock.
// Deterministic (setseed), generated inside PostgreSQL so 100k rows take seconds.
import type { Knex } from 'knex';

const KINDS = {
  indumentaria: ['Remera', 'Calza', 'Short', 'Buzo', 'Campera', 'Musculosa', 'Top', 'Jogger', 'Medias', 'Gorra'],
  accesorios: ['Botella', 'Bolso', 'Toalla', 'Guantes', 'Vendas', 'Soga', 'Bandas', 'Cinturon', 'Colchoneta'],
  equipos: ['Mancuernas', 'Kettlebell', 'Discos', 'Barra', 'Banco', 'Step', 'Bicicleta', 'Rueda'],
};
const ADJECTIVES = ['Pro', 'Dry Fit', 'Classic', 'Sport', 'Flex', 'Power', 'Lite', 'Max', 'Urban', 'Training'];
const IMAGES = [
  'remera-dry-fit',
  'calza-deportiva',
  'short-running',
  'buzo-con-capucha',
  'botella-termica',
  'bolso-deportivo',
  'guantes-de-boxeo',
  'mancuernas-5kg',
  'kettlebell-12kg',
  'banco-regulable',
];

const literal = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export async function seedBenchProducts(db: Knex, count: number): Promise<void> {
  await db.raw('TRUNCATE products CASCADE');
  await db.transaction(async (trx) => {
    await trx.raw('SELECT setseed(0.42)');
    await trx.raw(
      `INSERT INTO products (nombre, categoria, precio_centavos, imagen, descripcion, portada, talle, color)
       SELECT
         kind || ' ' || adjective || ' ' || g,
         ARRAY[cat, 'all'],
         round(exp(ln(500) + random() * (ln(15000) - ln(500))) / 10) * 1000,
         '/img/productos/' || image || '.svg',
         'Producto de catálogo ' || g || ': ' || kind || ' ' || adjective || ' para entrenar en el gimnasio.',
         random() < 0.03,
         CASE WHEN cat = 'indumentaria' THEN
           coalesce(nullif(ARRAY(SELECT s FROM unnest(ARRAY['xs','s','m','l','xl']) s WHERE random() < 0.6 AND g > 0), '{}'), ARRAY['m'])
         ELSE '{}' END,
         coalesce(nullif(ARRAY(SELECT c FROM unnest(ARRAY['azul','negro','gris','marron','blanco','rojo']) c WHERE random() < 0.3 AND g > 0), '{}'), ARRAY['negro'])
       FROM (
         SELECT g, cat,
           (CASE cat WHEN 'indumentaria' THEN ${literal(KINDS.indumentaria)}
                     WHEN 'accesorios' THEN ${literal(KINDS.accesorios)}
                     ELSE ${literal(KINDS.equipos)} END)[1 + (random() * 7)::int] AS kind,
           (${literal(ADJECTIVES)})[1 + (random() * 9)::int] AS adjective,
           (${literal(IMAGES)})[1 + (random() * 9)::int] AS image
         FROM (
           SELECT g, CASE WHEN r < 0.5 THEN 'indumentaria' WHEN r < 0.8 THEN 'accesorios' ELSE 'equipos' END AS cat
           FROM (SELECT g, random() AS r FROM generate_series(1, ?) g) raw
         ) picked
       ) rows`,
      [count],
    );
    // Stock per size × colour (migration 0010_product_variants's own spreading rule).
    await trx.raw('SELECT product_variants_spread(id, CASE WHEN random() < 0.05 THEN 0 ELSE (random() * 100)::int + 1 END) FROM products');
  });
  await db.raw('VACUUM ANALYZE products');
}
