import type { Knex } from 'knex';

/**
 * A sale no longer touches the catalogue's one shared row. Updating a variant's stock (an order, a
 * cancellation, the unpaid-order job) used to bump catalogue_version (migration 20261125000001), so
 * every order took that row's lock until commit and every API process dropped what it held of the
 * catalogue. Now an UPDATE of product_variants only counts up that row's own `stock_version`: the sum
 * over a product's rows grows with every sale of it, and the API keeps each product's JSON under
 * that sum (catalogue-reads.ts). Inserting or deleting variant rows (a staff edit of the grid, which
 * also updates the product row) still bumps the catalogue version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER product_variants_catalogue_version_update ON product_variants');
  await knex.raw('ALTER TABLE product_variants ADD COLUMN stock_version bigint NOT NULL DEFAULT 0');
  await knex.raw(`
    CREATE FUNCTION product_variants_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.stock_version := OLD.stock_version + 1;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER product_variants_stock_version BEFORE UPDATE ON product_variants
    FOR EACH ROW EXECUTE FUNCTION product_variants_stock_version()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER product_variants_stock_version ON product_variants');
  await knex.raw('DROP FUNCTION product_variants_stock_version()');
  await knex.raw('ALTER TABLE product_variants DROP COLUMN stock_version');
  await knex.raw(`CREATE TRIGGER product_variants_catalogue_version_update
    AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump()`);
}
