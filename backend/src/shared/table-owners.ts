/**
 * Which module owns each table (ADR 0012): only the owner's files name it; other modules reach it
 * through the owner's index (its service, its read functions such as clientReads or planReads).
 * `jobs` is backend/src/jobs and `shared` is backend/src/shared, not modules. The lint test
 * scripts/lint/table-owners.test.ts scans backend/src/modules and fails on a table named outside
 * its owner, unless the use is listed in CROSS_MODULE_USES below.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  accounts: 'accounts',
  login_events: 'accounts',
  sessions: 'accounts',
  audit_log: 'audit',
  checkins: 'classes',
  class_booking_unblocks: 'classes',
  class_bookings: 'classes',
  class_rules: 'classes',
  class_sessions: 'classes',
  class_slots: 'classes',
  plan_disciplines: 'classes',
  clients: 'clients',
  consumer_arrepentimientos: 'consumer-requests',
  consumer_bajas: 'consumer-requests',
  product_images: 'images',
  arca_tickets: 'invoices',
  arca_certificate_warnings: 'invoices',
  invoices: 'invoices',
  invoice_sequences: 'invoices',
  member_links: 'members',
  member_sessions: 'members',
  transfer_uploads: 'members',
  memberships: 'memberships',
  membership_pauses: 'memberships',
  membership_payments: 'memberships',
  receipt_counter: 'memberships',
  reminder_templates: 'memberships',
  reminders: 'memberships',
  messages: 'messages',
  // Its e-mail rows (template 'correo') are written and sent by shared/mail-retry: the one outbox.
  message_outbox: 'messaging',
  message_status_events: 'messaging',
  whatsapp_consents: 'messaging',
  backup_runs: 'operations',
  orders: 'orders',
  order_lines: 'orders',
  debits: 'payments',
  debit_charges: 'payments',
  online_payments: 'payments',
  online_refunds: 'payments',
  plans: 'plans',
  ipc_values: 'pricing',
  price_change_categories: 'pricing',
  price_change_items: 'pricing',
  price_changes: 'pricing',
  catalogue_version: 'products',
  product_facet_counts: 'products',
  product_variants: 'products',
  products: 'products',
  cash_closings: 'reports',
  // Kept by triggers from the memberships' and orders' tables; only the reports read them.
  membership_spans: 'reports',
  report_months: 'reports',
  trainers: 'shifts',
  job_runs: 'jobs',
  throttle_counters: 'shared',
};

/**
 * A file that names tables of another module, and why that is allowed:
 * - `read model`: read-only joins that build a list screen, a count or a report in one query;
 *   they never write the other module's table.
 * - `debt`: a write that should go through the owner and does not yet; `why` says what would fix it.
 */
export interface CrossModuleUse {
  /** Under backend/src/modules. */
  file: string;
  tables: readonly string[];
  kind: 'read model' | 'debt';
  why: string;
}

export const CROSS_MODULE_USES: readonly CrossModuleUse[] = [
  {
    file: 'audit/audit.repository.ts',
    tables: ['accounts', 'clients', 'plans', 'products'],
    kind: 'read model',
    why: 'the trail names who acted and on what, joined in the page query',
  },
  {
    file: 'clients/clients.repository.ts',
    tables: ['checkins', 'class_bookings', 'membership_payments', 'online_payments', 'orders', 'transfer_uploads'],
    kind: 'read model',
    why: "a client's history counts (payments, orders, classes, uploads) beside the list and the archive",
  },
  {
    file: 'clients/clients.repository.ts',
    tables: ['trainers'],
    kind: 'read model',
    why: "the client list shows the trainer's name",
  },
  {
    file: 'members/members.repository.ts',
    tables: ['clients'],
    kind: 'read model',
    why: "a link used or a session touched only while its client is in the lists, checked in the same UPDATE (of the members' tables)",
  },
  {
    file: 'members/transfers.repository.ts',
    tables: ['clients', 'plans', 'memberships', 'membership_payments'],
    kind: 'read model',
    why: "the desk's list of uploads: the client's name, the plan's fee, paid-until, the receipt number",
  },
  {
    file: 'memberships/desk.repository.ts',
    tables: ['clients', 'plans', 'transfer_uploads'],
    kind: 'read model',
    why: "the desk's member list and dashboard counts, paged and sorted in SQL",
  },
  {
    file: 'memberships/memberships.repository.ts',
    tables: ['accounts'],
    kind: 'read model',
    why: 'a receipt names the staff member who took the payment',
  },
  {
    file: 'memberships/reminders.repository.ts',
    tables: ['clients', 'plans'],
    kind: 'read model',
    why: 'whom a reminder goes to (name, contact, plan fee), chosen in one query',
  },
  {
    file: 'memberships/reminders.repository.ts',
    tables: ['message_outbox'],
    kind: 'read model',
    why: "a daily reminder's e-mail status is its outbox row's (joined on idempotency_key), for the client's history, the desk's last reminder and the quiet days; settleQueued copies it into reminders only",
  },
  {
    file: 'messages/messages.repository.ts',
    tables: ['message_outbox'],
    kind: 'read model',
    why: "a queued message's status and error are its outbox row's (joined on idempotency_key) in the history; settleQueued copies them into messages only",
  },
  {
    file: 'messaging/messaging.repository.ts',
    tables: ['clients'],
    kind: 'read model',
    why: "the desk's message list names each client; a BAJA reply finds the client by mobile number",
  },
  {
    file: 'operations/metrics.server.ts',
    tables: ['job_runs', 'membership_payments', 'orders', 'product_images', 'transfer_uploads'],
    kind: 'read model',
    why: 'the metrics endpoint counts rows',
  },
  {
    file: 'operations/backups.repository.ts',
    tables: ['accounts'],
    kind: 'read model',
    why: 'a backup run names who started it',
  },
  {
    file: 'plans/plans.repository.ts',
    tables: ['clients'],
    kind: 'read model',
    why: 'a plan in use (clients holding it) cannot be deleted; clientReads cannot serve it (clients read plans)',
  },
  {
    file: 'pricing/pricing.repository.ts',
    tables: ['clients', 'memberships', 'membership_pauses', 'consumer_bajas'],
    kind: 'read model',
    why: "a price change's preview and notices (each member of the plans: contact, paid-until, an open pause, archived) and Reportes' bajas after each change, in one query each",
  },
  {
    file: 'reports/accounting.repository.ts',
    tables: ['clients', 'plans', 'membership_payments', 'orders', 'order_lines'],
    kind: 'read model',
    why: 'the accounting export',
  },
  {
    file: 'reports/closings.repository.ts',
    tables: ['accounts', 'audit_log', 'membership_payments', 'orders'],
    kind: 'read model',
    why: "the cash closing sums the day's takings",
  },
  {
    file: 'reports/income.repository.ts',
    tables: ['clients', 'memberships', 'membership_pauses'],
    kind: 'read model',
    why: 'active members counted for the income report',
  },
  {
    file: 'reports/trends.repository.ts',
    tables: ['plans', 'checkins'],
    kind: 'read model',
    why: "the trends report's plan names and attendance",
  },
  {
    file: 'shifts/shifts.repository.ts',
    tables: ['clients'],
    kind: 'read model',
    why: "the Turnos list (each client's shift and trainer) and the least busy shift and trainer, counted in SQL; the change is written by the clients' setClientShift",
  },
];
