import type { Knex } from 'knex';

/**
 * Searches ignore accents: "nandu" finds "Ñandú". `gym_search_key(nombre)` is the SQL side of
 * contracts' searchKey (unaccent, lower case), IMMUTABLE so a trigram index can hold it (unaccent
 * itself is only STABLE, as its dictionary could change). Without the unaccent extension (a server
 * lacking contrib) the key is only lower case: searches still work, accents then count.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS unaccent;
    EXCEPTION WHEN OTHERS THEN RAISE WARNING 'unaccent is not available: searches are accent-sensitive'; END $$`);
  const { rows } = await knex.raw(
    "SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'",
  );
  const body = rows.length
    ? `SELECT lower(${rows[0].schema}.unaccent('${rows[0].schema}.unaccent'::regdictionary, $1))`
    : 'SELECT lower($1)';
  await knex.raw(
    `CREATE FUNCTION gym_search_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ ${body} $$`,
  );
  await knex.raw('DROP INDEX IF EXISTS products_nombre_trgm');
  const trgm = await knex.raw("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
  if (trgm.rows.length > 0) {
    await knex.raw('CREATE INDEX products_search_key_trgm ON products USING gin (gym_search_key(nombre) gin_trgm_ops)');
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS products_search_key_trgm');
  await knex.raw('DROP FUNCTION gym_search_key(text)');
  const trgm = await knex.raw("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
  if (trgm.rows.length > 0)
    await knex.raw('CREATE INDEX products_nombre_trgm ON products USING gin (nombre gin_trgm_ops)');
}
