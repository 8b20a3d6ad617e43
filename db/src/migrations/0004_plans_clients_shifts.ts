import type { Knex } from 'knex';

/** The trainers the shifts are shared among: reference data, so a database seeded earlier has them too. */
const TRAINERS = ['Martín Gómez', 'Carla Ruiz', 'Diego Sosa'];
const CODE = `'^[A-Za-z0-9_-]{1,64}$'`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trainers', (t) => {
    t.increments('id');
    t.text('nombre').notNullable().unique();
  });
  await knex.raw(
    'ALTER TABLE trainers ADD CONSTRAINT trainers_nombre_len CHECK (char_length(nombre) BETWEEN 1 AND 60)',
  );
  await knex('trainers').insert(TRAINERS.map((nombre) => ({ nombre })));

  await knex.schema.createTable('plans', (t) => {
    t.text('codigo_plan').primary();
    t.smallint('id_plan').notNullable().unique();
    t.string('nombre_plan', 30).notNullable();
    t.string('description', 80).notNullable();
    t.decimal('precio', 10, 2).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE plans
    ADD CONSTRAINT plans_codigo_plan_chars CHECK (codigo_plan ~ ${CODE}),
    ADD CONSTRAINT plans_id_plan_range CHECK (id_plan BETWEEN 1 AND 9),
    ADD CONSTRAINT plans_nombre_plan_upper CHECK (nombre_plan <> '' AND nombre_plan = upper(nombre_plan)),
    ADD CONSTRAINT plans_description_upper CHECK (description <> '' AND description = upper(description)),
    ADD CONSTRAINT plans_precio_range CHECK (precio BETWEEN 1000 AND 100000)`);

  await knex.schema.createTable('clients', (t) => {
    t.text('id_usuario').primary();
    t.string('nombre', 15).notNullable();
    t.smallint('edad').notNullable();
    t.string('correo', 50).notNullable();
    t.bigint('celular').notNullable();
    t.smallint('plan').notNullable().references('plans.id_plan').onDelete('RESTRICT').onUpdate('CASCADE').index();
    t.text('turno').notNullable();
    t.integer('trainer_id').notNullable().references('trainers.id').onDelete('RESTRICT').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'id_usuario']);
    t.index(['turno']);
  });
  await knex.raw(`ALTER TABLE clients
    ADD CONSTRAINT clients_id_usuario_chars CHECK (id_usuario ~ ${CODE}),
    ADD CONSTRAINT clients_nombre_len CHECK (char_length(nombre) BETWEEN 3 AND 15),
    ADD CONSTRAINT clients_edad_range CHECK (edad BETWEEN 10 AND 100),
    ADD CONSTRAINT clients_correo_shape CHECK (char_length(correo) BETWEEN 13 AND 50 AND correo ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
    ADD CONSTRAINT clients_celular_range CHECK (celular BETWEEN 1111111111 AND 999999999999),
    ADD CONSTRAINT clients_turno_known CHECK (turno IN ('Mañana', 'Tarde', 'Noche'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('clients');
  await knex.schema.dropTable('plans');
  await knex.schema.dropTable('trainers');
}
