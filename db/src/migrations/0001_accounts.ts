import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('lastname').notNullable();
    t.text('email').notNullable().unique();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE accounts ADD CONSTRAINT accounts_email_lower CHECK (email = lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    t.text('token_hash').primary();
    t.uuid('account_id').notNullable().references('accounts.id').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });

  await knex.schema.createTable('throttle_events', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['key', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('throttle_events');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('accounts');
}
