import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('nombre', 30).notNullable();
    t.specificType('categoria', 'text[]').notNullable().defaultTo('{}');
    t.decimal('precio', 12, 2).notNullable();
    t.text('imagen').notNullable();
    t.text('descripcion').notNullable();
    t.boolean('portada').notNullable().defaultTo(false);
    t.specificType('talle', 'text[]').notNullable().defaultTo('{}');
    t.specificType('color', 'text[]').notNullable().defaultTo('{}');
    t.integer('stock').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_precio_min CHECK (precio >= 1)');
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_stock_min CHECK (stock >= 0)');
  await knex.raw('CREATE INDEX products_categoria_gin ON products USING gin (categoria)');
  await knex.raw('CREATE INDEX products_talle_gin ON products USING gin (talle)');
  await knex.raw('CREATE INDEX products_color_gin ON products USING gin (color)');
  await knex.raw('CREATE INDEX products_precio_idx ON products (precio)');
  await knex.raw('CREATE INDEX products_nombre_idx ON products (nombre, id)');
  await knex.raw('CREATE INDEX products_portada_idx ON products (nombre, id) WHERE portada');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
