import type { Knex } from 'knex';
import * as accounts from './0001_accounts';
import * as products from './0002_products';
import * as productsCatalogueSpeed from './0003_products_catalogue_speed';
import * as plansClientsShifts from './0004_plans_clients_shifts';
import * as messages from './0005_messages';
import * as catalogueVersion from './0006_catalogue_version';
import * as jobRuns from './0007_job_runs';
import * as throttleCounters from './0008_throttle_counters';
import * as productImages from './0009_product_images';
import * as productVariants from './0010_product_variants';
import * as orders from './0011_orders';
import * as staffRolesAudit from './0012_staff_roles_audit';
import * as memberships from './0013_memberships';
import * as clientsArchive from './0014_clients_archive';
import * as ordersClientAddress from './0015_orders_client_address';
import * as plansCuotaMensual from './0016_plans_cuota_mensual';
import * as productsUnaccentSearch from './0017_products_unaccent_search';
import * as stockChanges from './0018_stock_changes';
import * as moneyCentavos from './0019_money_centavos';
import * as memberAccess from './0020_member_access';
import * as paymentReceipts from './0021_payment_receipts';
import * as transferUploads from './0022_transfer_uploads';
import * as classes from './0023_classes';
import * as onlinePayments from './0024_online_payments';
import * as cashClosings from './0025_cash_closings';
import * as reports from './0026_reports';
import * as operations from './0027_operations';
import * as mailRetries from './0028_mail_retries';
import * as onlineRefunds from './0029_online_refunds';
import * as checkinRepeats from './0030_checkin_repeats';
import * as onlineRefundsByStaff from './0031_online_refunds_by_staff';
import * as arcaTickets from './0032_arca_tickets';
import * as invoices from './0033_invoices';
import * as consumerRequests from './0034_consumer_requests';
import * as debits from './0035_debits';
import * as pricing from './0036_pricing';
import * as messaging from './0037_messaging';
import * as bookingUnblocks from './0038_booking_unblocks';
import * as arcaCertificateWarnings from './0039_arca_certificate_warnings';
import * as mailOutbox from './0040_mail_outbox';
import * as priceChangeCategories from './0041_price_change_categories';
import * as reminderOutboxKeys from './0042_reminder_outbox_keys';

/**
 * Append-only, in the order they run: a new migration is the next number and what it does,
 * `NNNN_snake_case.ts` (0031_… after 0030_…), listed here under its file name; migrations.test.ts
 * fails on another shape, a gap or a file not listed. (Until issue 43 they were named by dates:
 * former-names.ts renames those rows in existing databases.)
 */
const migrations: Record<string, Knex.Migration> = {
  '0001_accounts': accounts,
  '0002_products': products,
  '0003_products_catalogue_speed': productsCatalogueSpeed,
  '0004_plans_clients_shifts': plansClientsShifts,
  '0005_messages': messages,
  '0006_catalogue_version': catalogueVersion,
  '0007_job_runs': jobRuns,
  '0008_throttle_counters': throttleCounters,
  '0009_product_images': productImages,
  '0010_product_variants': productVariants,
  '0011_orders': orders,
  '0012_staff_roles_audit': staffRolesAudit,
  '0013_memberships': memberships,
  '0014_clients_archive': clientsArchive,
  '0015_orders_client_address': ordersClientAddress,
  '0016_plans_cuota_mensual': plansCuotaMensual,
  '0017_products_unaccent_search': productsUnaccentSearch,
  '0018_stock_changes': stockChanges,
  '0019_money_centavos': moneyCentavos,
  '0020_member_access': memberAccess,
  '0021_payment_receipts': paymentReceipts,
  '0022_transfer_uploads': transferUploads,
  '0023_classes': classes,
  '0024_online_payments': onlinePayments,
  '0025_cash_closings': cashClosings,
  '0026_reports': reports,
  '0027_operations': operations,
  '0028_mail_retries': mailRetries,
  '0029_online_refunds': onlineRefunds,
  '0030_checkin_repeats': checkinRepeats,
  '0031_online_refunds_by_staff': onlineRefundsByStaff,
  '0032_arca_tickets': arcaTickets,
  '0033_invoices': invoices,
  '0034_consumer_requests': consumerRequests,
  '0035_debits': debits,
  '0036_pricing': pricing,
  '0037_messaging': messaging,
  '0038_booking_unblocks': bookingUnblocks,
  '0039_arca_certificate_warnings': arcaCertificateWarnings,
  '0040_mail_outbox': mailOutbox,
  '0041_price_change_categories': priceChangeCategories,
  '0042_reminder_outbox_keys': reminderOutboxKeys,
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
