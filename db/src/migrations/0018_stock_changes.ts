import type { Knex } from 'knex';

/**
 * A sale no longer touches the catalogue's one shared row. Updating a variant's stock (an order, a
 * cancellation, the unpaid-order job) used to bump catalogue_version (migration 0006_catalogue_version), so
 * every order took that row's lock until commit and every API process dropped what it held of the
 * catalogue. Now an UPDATE of product_variants only stamps that row with the id of the writing
 * transaction (`stock_xid`, 64 bits: it never wraps). A reader that remembers the oldest
 * transaction still running at its last snapshot (pg_snapshot_xmin) finds every row changed since
 * by one range scan of the index below: any change it has not seen was made by a transaction at
 * least that recent (catalogue-reads.ts, docs/decisions/0001-catalogue-index.md). Inserting or
 * deleting variant rows (a staff edit of the grid, which also updates the product row) still bumps
 * the catalogue version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER product_variants_catalogue_version_update ON product_variants');
  await knex.raw('ALTER TABLE product_variants ADD COLUMN stock_xid xid8');
  await knex.raw('CREATE INDEX product_variants_stock_xid ON product_variants (stock_xid)');
  await knex.raw(`
    CREATE FUNCTION product_variants_stock_xid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.stock_xid := pg_current_xact_id();
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER product_variants_stock_xid BEFORE UPDATE ON product_variants
    FOR EACH ROW EXECUTE FUNCTION product_variants_stock_xid()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER product_variants_stock_xid ON product_variants');
  await knex.raw('DROP FUNCTION product_variants_stock_xid()');
  await knex.raw('ALTER TABLE product_variants DROP COLUMN stock_xid');
  await knex.raw(`CREATE TRIGGER product_variants_catalogue_version_update
    AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump()`);
}
