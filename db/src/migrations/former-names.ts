import type { Knex } from 'knex';

/**
 * The names the migrations ran under until issue 43, by date (some dates invented ahead of time),
 * and their names now, numbered in the order they run. A database migrated before holds the former
 * names in knex_migrations; `renameFormerMigrations` gives its rows the new ones before knex reads
 * them (connection.ts), so knex neither calls the folder corrupt nor runs a migration again.
 * Written once from the rename itself (`git mv` in run order): frozen, never grown — a new
 * migration never had another name. migrations.test.ts checks it against the files.
 */
export const FORMER_NAMES: Readonly<Record<string, string>> = {
  '20261122000001_accounts': '0001_accounts',
  '20261122000002_products': '0002_products',
  '20261123000001_products_catalogue_speed': '0003_products_catalogue_speed',
  '20261124000001_plans_clients_shifts': '0004_plans_clients_shifts',
  '20261124000002_messages': '0005_messages',
  '20261125000001_catalogue_version': '0006_catalogue_version',
  '20261130000001_job_runs': '0007_job_runs',
  '20261212000001_throttle_counters': '0008_throttle_counters',
  '20261213000001_product_images': '0009_product_images',
  '20261214000001_product_variants': '0010_product_variants',
  '20261214000002_orders': '0011_orders',
  '20261215000001_staff_roles_audit': '0012_staff_roles_audit',
  '20261216000001_memberships': '0013_memberships',
  '20261217000001_clients_archive': '0014_clients_archive',
  '20261218000001_orders_client_address': '0015_orders_client_address',
  '20261219000001_plans_cuota_mensual': '0016_plans_cuota_mensual',
  '20261219000002_products_unaccent_search': '0017_products_unaccent_search',
  '20261220000001_stock_changes': '0018_stock_changes',
  '20261221000001_money_centavos': '0019_money_centavos',
  '20261222000001_member_access': '0020_member_access',
  '20261223000001_payment_receipts': '0021_payment_receipts',
  '20261224000001_transfer_uploads': '0022_transfer_uploads',
  '20261225000001_classes': '0023_classes',
  '20261226000001_online_payments': '0024_online_payments',
  '20261227000001_cash_closings': '0025_cash_closings',
  '20261228000001_reports': '0026_reports',
  '20261229000001_operations': '0027_operations',
  '20261230000001_mail_retries': '0028_mail_retries',
  '20261231000001_online_refunds': '0029_online_refunds',
  '20261231000002_checkin_repeats': '0030_checkin_repeats',
};

/**
 * Renames, in one transaction, the rows of `table` (knex_migrations) that still carry a former
 * name. Idempotent: nothing to do on a fresh database (no table yet) or one already renamed.
 * Returns how many rows it renamed.
 */
export async function renameFormerMigrations(knex: Knex, table: string): Promise<number> {
  const pairs = Object.entries(FORMER_NAMES);
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw('SELECT to_regclass(?) IS NOT NULL AS present', [table])) as {
      rows: { present: boolean }[];
    };
    if (!rows[0]?.present) return 0;
    const { rowCount } = (await trx.raw(
      `UPDATE ?? AS m SET name = f.name FROM (VALUES ${pairs.map(() => '(?, ?)').join(', ')}) AS f(former, name)
       WHERE m.name = f.former`,
      [table, ...pairs.flat()],
    )) as { rowCount: number | null };
    return rowCount ?? 0;
  });
}
