import type { Knex } from 'knex';

/**
 * Price changes that also reach the shop (issue 47): `price_change_categories` names the shop
 * categories whose products' prices change with a change (by a percentage or the IPC, rounded the
 * change's way), computed on each product's price on the date. A category changes once a day, as a
 * plan does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE price_change_categories (
      change_id uuid NOT NULL REFERENCES price_changes(id) ON DELETE CASCADE,
      categoria text NOT NULL,
      effective_date date NOT NULL,
      active boolean NOT NULL DEFAULT true,
      products_changed integer,
      PRIMARY KEY (change_id, categoria)
    )`);
  await knex.raw(
    'CREATE UNIQUE INDEX price_change_categories_one_per_day ON price_change_categories (categoria, effective_date) WHERE active',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE price_change_categories');
}
