import type { Knex } from 'knex';

/** Every message staff send, kept with its outcome; a deleted client leaves its messages behind. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('user_name').notNullable();
    t.text('user_email').notNullable();
    t.text('user_message').notNullable();
    t.text('id_usuario').nullable().references('clients.id_usuario').onDelete('SET NULL').index();
    t.text('status').notNullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'id']);
  });
  await knex.raw(`ALTER TABLE messages
    ADD CONSTRAINT messages_status_known CHECK (status IN ('enviado', 'fallido')),
    ADD CONSTRAINT messages_error_iff_failed CHECK ((status = 'fallido') = (error IS NOT NULL)),
    ADD CONSTRAINT messages_lengths CHECK (char_length(user_name) <= 15 AND char_length(user_email) <= 50
      AND char_length(user_message) <= 50 AND char_length(error) <= 500)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
}
