import type { Knex } from 'knex';

/**
 * The members' portal (issue 27): a member signs in with a link, never a password. A link's token
 * and a session's token are 256-bit random values of which only a SHA-256 is stored. A link is
 * single-use (`used_at`) and short-lived; a session slides (`expires_at` moves on use). Both go
 * with the client: deleting a client (archived clients keep theirs, and staff end them) removes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_links', (t) => {
    t.text('token_hash').primary();
    t.text('id_usuario').notNullable().references('id_usuario').inTable('clients').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['id_usuario']);
  });
  await knex.schema.createTable('member_sessions', (t) => {
    t.text('token_hash').primary();
    t.text('id_usuario').notNullable().references('id_usuario').inTable('clients').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['id_usuario']);
    t.index(['expires_at']);
  });
  // What a member does in the portal is audited with the member as actor (actor_id is a staff uuid).
  await knex.raw('ALTER TABLE audit_log ADD COLUMN actor_member text');
  // A member asks for a link by typing their e-mail, in whatever case.
  await knex.raw('CREATE INDEX clients_correo_lower ON clients (lower(correo))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX clients_correo_lower');
  await knex.raw('ALTER TABLE audit_log DROP COLUMN actor_member');
  await knex.schema.dropTable('member_sessions');
  await knex.schema.dropTable('member_links');
}
