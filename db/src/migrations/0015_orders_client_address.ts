import type { Knex } from 'knex';

/**
 * Who holds unpaid stock: the address an order came from (as the throttle sees it: an IPv4, or an
 * IPv6 /64), so the cap on unpaid units held at once counts per address as well as per e-mail.
 * Orders made before this have none and count by e-mail only. Both counts read pending orders
 * only, through partial indexes that stay as small as the pending list.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders ADD COLUMN client_address text');
  await knex.raw("CREATE INDEX orders_pending_email ON orders (comprador_email) WHERE estado = 'pendiente'");
  await knex.raw(
    "CREATE INDEX orders_pending_address ON orders (client_address) WHERE estado = 'pendiente' AND client_address IS NOT NULL",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_pending_address');
  await knex.raw('DROP INDEX orders_pending_email');
  await knex.raw('ALTER TABLE orders DROP COLUMN client_address');
}
