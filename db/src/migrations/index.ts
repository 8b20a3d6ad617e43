import type { Knex } from 'knex';
import * as accounts from './20261122000001_accounts';
import * as products from './20261122000002_products';
import * as productsCatalogueSpeed from './20261123000001_products_catalogue_speed';
import * as plansClientsShifts from './20261124000001_plans_clients_shifts';
import * as messages from './20261124000002_messages';
import * as catalogueVersion from './20261125000001_catalogue_version';
import * as jobRuns from './20261130000001_job_runs';
import * as productImages from './20261213000001_product_images';
import * as staffRolesAudit from './20261215000001_staff_roles_audit';
import * as throttleCounters from './20261212000001_throttle_counters';
import * as productVariants from './20261214000001_product_variants';
import * as orders from './20261214000002_orders';
import * as memberships from './20261216000001_memberships';
import * as clientsArchive from './20261217000001_clients_archive';
import * as ordersClientAddress from './20261218000001_orders_client_address';
import * as plansCuotaMensual from './20261219000001_plans_cuota_mensual';
import * as productsUnaccentSearch from './20261219000002_products_unaccent_search';
import * as stockChanges from './20261220000001_stock_changes';
import * as moneyCentavos from './20261221000001_money_centavos';
import * as memberAccess from './20261222000001_member_access';
import * as paymentReceipts from './20261223000001_payment_receipts';
import * as transferUploads from './20261224000001_transfer_uploads';
import * as classes from './20261225000001_classes';
import * as onlinePayments from './20261226000001_online_payments';
import * as cashClosings from './20261227000001_cash_closings';
import * as reports from './20261228000001_reports';
import * as operations from './20261229000001_operations';
import * as mailRetries from './20261230000001_mail_retries';
import * as onlineRefunds from './20261231000001_online_refunds';
import * as checkinRepeats from './20261231000002_checkin_repeats';
import * as onlineRefundsByStaff from './0031_online_refunds_by_staff';

/** Append-only: a new migration is a new file, listed here under its file name. */
const migrations: Record<string, Knex.Migration> = {
  '20261122000001_accounts': accounts,
  '20261122000002_products': products,
  '20261123000001_products_catalogue_speed': productsCatalogueSpeed,
  '20261124000001_plans_clients_shifts': plansClientsShifts,
  '20261124000002_messages': messages,
  '20261125000001_catalogue_version': catalogueVersion,
  '20261130000001_job_runs': jobRuns,
  '20261213000001_product_images': productImages,
  '20261215000001_staff_roles_audit': staffRolesAudit,
  '20261212000001_throttle_counters': throttleCounters,
  '20261214000001_product_variants': productVariants,
  '20261214000002_orders': orders,
  '20261216000001_memberships': memberships,
  '20261217000001_clients_archive': clientsArchive,
  '20261218000001_orders_client_address': ordersClientAddress,
  '20261219000001_plans_cuota_mensual': plansCuotaMensual,
  '20261219000002_products_unaccent_search': productsUnaccentSearch,
  '20261220000001_stock_changes': stockChanges,
  '20261221000001_money_centavos': moneyCentavos,
  '20261222000001_member_access': memberAccess,
  '20261223000001_payment_receipts': paymentReceipts,
  '20261224000001_transfer_uploads': transferUploads,
  '20261225000001_classes': classes,
  '20261226000001_online_payments': onlinePayments,
  '20261227000001_cash_closings': cashClosings,
  '20261228000001_reports': reports,
  '20261229000001_operations': operations,
  '20261230000001_mail_retries': mailRetries,
  '20261231000001_online_refunds': onlineRefunds,
  '20261231000002_checkin_repeats': checkinRepeats,
  '0031_online_refunds_by_staff': onlineRefundsByStaff,
};

/** Listed in code rather than read from a folder, so the bundled API carries them too. */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
