import type { Knex } from 'knex';

const HISTORY_TABLES = ['memberships', 'membership_payments', 'membership_pauses', 'reminders'] as const;

async function referenceClients(knex: Knex, onDelete: 'RESTRICT' | 'CASCADE') {
  for (const table of HISTORY_TABLES) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_id_usuario_fkey,
      ADD CONSTRAINT ${table}_id_usuario_fkey FOREIGN KEY (id_usuario) REFERENCES clients (id_usuario) ON DELETE ${onDelete}`);
  }
}

/**
 * Money and history outlive the client: a client with payments or orders is archived (hidden from
 * every list, restorable by the owner), never deleted, and the database refuses to delete a client
 * that still has a membership, payments, pauses or reminders (RESTRICT instead of CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE clients ADD COLUMN archived_at timestamptz, ADD COLUMN archived_by text');
  await knex.raw('CREATE INDEX clients_archived ON clients (archived_at DESC) WHERE archived_at IS NOT NULL');
  // The shop's orders name their buyer by e-mail: a client's orders are found by it.
  await knex.raw('CREATE INDEX orders_comprador_email ON orders (lower(comprador_email))');
  await referenceClients(knex, 'RESTRICT');
}

export async function down(knex: Knex): Promise<void> {
  await referenceClients(knex, 'CASCADE');
  await knex.raw('DROP INDEX orders_comprador_email');
  await knex.raw('DROP INDEX clients_archived');
  await knex.raw('ALTER TABLE clients DROP COLUMN archived_at, DROP COLUMN archived_by');
}
