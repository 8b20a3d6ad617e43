import type { Knex } from 'knex';

/** Pictures staff upload for products, kept in PostgreSQL so every API replica serves them. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE product_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
      width integer,
      height integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE product_images');
}
