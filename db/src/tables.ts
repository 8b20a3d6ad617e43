// Generated from the migrated schema by `npx tsx db/src/tables.generate.ts`: do not edit by hand (tables.test.ts
// fails when it differs). Each table: its row as read (…Row), as inserted (…Insert: columns with a
// default or NULL allowed are optional, generated ones absent), and Knex's table types (ADR 0011).
import type { Knex } from 'knex';

/** accounts */
export interface AccountsRow {
  id: string;
  name: string;
  lastname: string;
  email: string;
  password_hash: string;
  created_at: Date;
  role: string;
  activo: boolean;
  last_login_at: Date | null;
  must_change_password: boolean;
}

export interface AccountsInsert {
  id?: string;
  name: string;
  lastname: string;
  email: string;
  password_hash: string;
  created_at?: Date;
  role?: string;
  activo?: boolean;
  last_login_at?: Date | null;
  must_change_password?: boolean;
}

/** arca_certificate_warnings */
export interface ArcaCertificateWarningsRow {
  cert_expires_at: Date;
  step: string;
  sent_at: Date;
}

export interface ArcaCertificateWarningsInsert {
  cert_expires_at: Date;
  step: string;
  sent_at: Date;
}

/** arca_tickets */
export interface ArcaTicketsRow {
  service: string;
  token: string;
  sign: string;
  expires_at: Date;
}

export interface ArcaTicketsInsert {
  service: string;
  token: string;
  sign: string;
  expires_at: Date;
}

/** audit_log */
export interface AuditLogRow {
  id: number;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: unknown;
  after: unknown;
  request_id: string | null;
  ip: string | null;
  actor_member: string | null;
}

export interface AuditLogInsert {
  id?: number;
  at: Date;
  actor_id?: string | null;
  actor_email?: string | null;
  actor_role?: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before?: unknown;
  after?: unknown;
  request_id?: string | null;
  ip?: string | null;
  actor_member?: string | null;
}

/** backup_runs */
export interface BackupRunsRow {
  id: number;
  kind: string;
  ok: boolean;
  started_at: Date;
  finished_at: Date;
  detail: unknown;
  error: string | null;
  notified_at: Date | null;
}

export interface BackupRunsInsert {
  id?: number;
  kind: string;
  ok: boolean;
  started_at: Date;
  finished_at?: Date;
  detail?: unknown;
  error?: string | null;
  notified_at?: Date | null;
}

/** cash_closings */
export interface CashClosingsRow {
  id: string;
  account_id: string;
  staff_email: string;
  staff_name: string;
  opened_at: Date;
  closed_at: Date;
  expected: unknown;
  expected_cash_centavos: number;
  counted_cash_centavos: number;
  difference_centavos: number;
  note: string | null;
}

export interface CashClosingsInsert {
  id?: string;
  account_id: string;
  staff_email: string;
  staff_name: string;
  opened_at: Date;
  closed_at: Date;
  expected: unknown;
  expected_cash_centavos: number;
  counted_cash_centavos: number;
  difference_centavos: number;
  note?: string | null;
}

/** catalogue_version */
export interface CatalogueVersionRow {
  id: boolean;
  version: number;
}

export interface CatalogueVersionInsert {
  id?: boolean;
  version: number;
}

/** checkins */
export interface CheckinsRow {
  id: number;
  at: Date;
  id_usuario: string | null;
  channel: string;
  allowed: boolean;
  reason: string;
  booking_id: string | null;
  local_weekday: number | null;
  local_hour: number | null;
  is_repeat: boolean;
}

export interface CheckinsInsert {
  id?: number;
  at: Date;
  id_usuario?: string | null;
  channel: string;
  allowed: boolean;
  reason: string;
  booking_id?: string | null;
  is_repeat?: boolean;
}

/** class_booking_unblocks */
export interface ClassBookingUnblocksRow {
  id: string;
  id_usuario: string;
  lifted_at: Date;
  lifted_by: string | null;
}

export interface ClassBookingUnblocksInsert {
  id?: string;
  id_usuario: string;
  lifted_at: Date;
  lifted_by?: string | null;
}

/** class_bookings */
export interface ClassBookingsRow {
  id: string;
  seq: number;
  session_id: string;
  id_usuario: string;
  status: string;
  booked_by: string;
  created_at: Date;
  cancelled_at: Date | null;
  late_cancel: boolean;
  promoted_at: Date | null;
}

export interface ClassBookingsInsert {
  id?: string;
  seq?: number;
  session_id: string;
  id_usuario: string;
  status: string;
  booked_by: string;
  created_at: Date;
  cancelled_at?: Date | null;
  late_cancel?: boolean;
  promoted_at?: Date | null;
}

/** class_rules */
export interface ClassRulesRow {
  id: boolean;
  days_ahead: number;
  free_cancel_hours: number;
  weekly_limit: number;
}

export interface ClassRulesInsert {
  id?: boolean;
  days_ahead?: number;
  free_cancel_hours?: number;
  weekly_limit?: number;
}

/** class_sessions */
export interface ClassSessionsRow {
  id: string;
  slot_id: number;
  day: Date;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  status: string;
  cancel_reason: string | null;
}

export interface ClassSessionsInsert {
  id?: string;
  slot_id: number;
  day: Date;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  status?: string;
  cancel_reason?: string | null;
}

/** class_slots */
export interface ClassSlotsRow {
  id: number;
  discipline: string;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
  capacity: number;
  trainer_id: number | null;
  active: boolean;
}

export interface ClassSlotsInsert {
  id?: number;
  discipline: string;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
  capacity: number;
  trainer_id?: number | null;
  active?: boolean;
}

/** clients */
export interface ClientsRow {
  id_usuario: string;
  nombre: string;
  edad: number;
  correo: string;
  celular: number;
  plan: number;
  turno: string;
  trainer_id: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
  archived_by: string | null;
  dni: string | null;
}

export interface ClientsInsert {
  id_usuario: string;
  nombre: string;
  edad: number;
  correo: string;
  celular: number;
  plan: number;
  turno: string;
  trainer_id: number;
  created_at?: Date;
  updated_at?: Date;
  archived_at?: Date | null;
  archived_by?: string | null;
  dni?: string | null;
}

/** consumer_arrepentimientos */
export interface ConsumerArrepentimientosRow {
  codigo: string;
  numero: string;
  email: string;
  pago: string;
  outcome: string;
  refund_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export interface ConsumerArrepentimientosInsert {
  codigo: string;
  numero: string;
  email: string;
  pago: string;
  outcome: string;
  refund_id?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  created_at: Date;
  resolved_at?: Date | null;
  resolved_by?: string | null;
}

/** consumer_bajas */
export interface ConsumerBajasRow {
  codigo: string;
  nombre: string;
  contacto: string;
  membresia: boolean;
  debito: boolean;
  motivo: string;
  id_usuario: string | null;
  efectiva_desde: Date | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

export interface ConsumerBajasInsert {
  codigo: string;
  nombre: string;
  contacto: string;
  membresia: boolean;
  debito: boolean;
  motivo?: string;
  id_usuario?: string | null;
  efectiva_desde?: Date | null;
  ip?: string | null;
  user_agent?: string | null;
  created_at: Date;
}

/** debit_charges */
export interface DebitChargesRow {
  id: string;
  authorized_payment_id: string;
  debit_id: string;
  period: string;
  status: string;
  amount_centavos: number;
  currency: string;
  provider_payment_id: string | null;
  membership_payment_id: string | null;
  refund_id: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

export interface DebitChargesInsert {
  id?: string;
  authorized_payment_id: string;
  debit_id: string;
  period: string;
  status: string;
  amount_centavos: number;
  currency: string;
  provider_payment_id?: string | null;
  membership_payment_id?: string | null;
  refund_id?: string | null;
  attempts?: number;
  created_at: Date;
  updated_at: Date;
}

/** debits */
export interface DebitsRow {
  id: string;
  id_usuario: string;
  id_plan: number;
  plan_name: string;
  preapproval_id: string | null;
  init_point: string | null;
  status: string;
  amount_centavos: number;
  cancel_reason: string | null;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface DebitsInsert {
  id?: string;
  id_usuario: string;
  id_plan: number;
  plan_name: string;
  preapproval_id?: string | null;
  init_point?: string | null;
  status?: string;
  amount_centavos: number;
  cancel_reason?: string | null;
  checked_at?: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** invoice_sequences */
export interface InvoiceSequencesRow {
  pto_vta: number;
  cbte_tipo: number;
  holder: string | null;
  leased_until: Date | null;
}

export interface InvoiceSequencesInsert {
  pto_vta: number;
  cbte_tipo: number;
  holder?: string | null;
  leased_until?: Date | null;
}

/** invoices */
export interface InvoicesRow {
  id: string;
  seq: number;
  kind: string;
  cbte_tipo: number;
  pto_vta: number;
  number: number | null;
  state: string;
  membership_payment_id: string | null;
  order_id: string | null;
  id_usuario: string | null;
  detalle: string;
  doc_tipo: number;
  doc_nro: string;
  condicion_iva_receptor: number;
  concepto: number;
  total_centavos: number;
  service_from: Date | null;
  service_to: Date | null;
  payment_due: Date | null;
  cbte_date: Date | null;
  cae: string | null;
  cae_due_date: Date | null;
  arca_errors: unknown;
  attempts: number;
  next_attempt_at: Date | null;
  associated_invoice_id: string | null;
  created_at: Date;
  authorised_at: Date | null;
}

export interface InvoicesInsert {
  id?: string;
  seq?: number;
  kind: string;
  cbte_tipo: number;
  pto_vta: number;
  number?: number | null;
  state?: string;
  membership_payment_id?: string | null;
  order_id?: string | null;
  id_usuario?: string | null;
  detalle: string;
  doc_tipo: number;
  doc_nro: string;
  condicion_iva_receptor: number;
  concepto: number;
  total_centavos: number;
  service_from?: Date | null;
  service_to?: Date | null;
  payment_due?: Date | null;
  cbte_date?: Date | null;
  cae?: string | null;
  cae_due_date?: Date | null;
  arca_errors?: unknown;
  attempts?: number;
  next_attempt_at?: Date | null;
  associated_invoice_id?: string | null;
  created_at: Date;
  authorised_at?: Date | null;
}

/** ipc_values */
export interface IpcValuesRow {
  month: Date;
  value: number;
  source: string;
  fetched_at: Date;
}

export interface IpcValuesInsert {
  month: Date;
  value: number;
  source: string;
  fetched_at: Date;
}

/** job_runs */
export interface JobRunsRow {
  name: string;
  lease_until: Date | null;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_status: string | null;
  last_error: string | null;
  last_result: unknown;
  runs: number;
  failures_in_a_row: number;
}

export interface JobRunsInsert {
  name: string;
  lease_until?: Date | null;
  last_started_at?: Date | null;
  last_finished_at?: Date | null;
  last_status?: string | null;
  last_error?: string | null;
  last_result?: unknown;
  runs?: number;
  failures_in_a_row?: number;
}

/** login_events */
export interface LoginEventsRow {
  id: number;
  at: Date;
  account_id: string | null;
  email: string;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginEventsInsert {
  id?: number;
  at: Date;
  account_id?: string | null;
  email: string;
  outcome: string;
  ip?: string | null;
  user_agent?: string | null;
}

/** member_links */
export interface MemberLinksRow {
  token_hash: string;
  id_usuario: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberLinksInsert {
  token_hash: string;
  id_usuario: string;
  created_at: Date;
  expires_at: Date;
  used_at?: Date | null;
}

/** member_sessions */
export interface MemberSessionsRow {
  token_hash: string;
  id_usuario: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface MemberSessionsInsert {
  token_hash: string;
  id_usuario: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** membership_pauses */
export interface MembershipPausesRow {
  id: string;
  id_usuario: string;
  motivo: string;
  started_on: Date;
  ended_on: Date | null;
  days: number | null;
  created_at: Date;
}

export interface MembershipPausesInsert {
  id?: string;
  id_usuario: string;
  motivo: string;
  started_on: Date;
  ended_on?: Date | null;
  days?: number | null;
  created_at?: Date;
}

/** membership_payments */
export interface MembershipPaymentsRow {
  id: string;
  id_usuario: string;
  amount_centavos: number;
  plan_price_centavos: number;
  id_plan: number;
  method: string;
  months: number;
  period_from: Date;
  period_to: Date;
  days_added: number;
  note: string | null;
  created_at: Date;
  voided_at: Date | null;
  void_reason: string | null;
  receipt_number: number;
  recorded_by: string | null;
}

export interface MembershipPaymentsInsert {
  id?: string;
  id_usuario: string;
  amount_centavos: number;
  plan_price_centavos: number;
  id_plan: number;
  method: string;
  months: number;
  period_from: Date;
  period_to: Date;
  days_added: number;
  note?: string | null;
  created_at?: Date;
  voided_at?: Date | null;
  void_reason?: string | null;
  receipt_number: number;
  recorded_by?: string | null;
}

/** membership_spans */
export interface MembershipSpansRow {
  id_usuario: string;
  started_on: Date;
  ended_on: Date;
}

export interface MembershipSpansInsert {
  id_usuario: string;
  started_on: Date;
  ended_on: Date;
}

/** memberships */
export interface MembershipsRow {
  id_usuario: string;
  start_date: Date;
  paid_until: Date | null;
  cycle_day: number | null;
  apto_fecha: Date | null;
  apto_vence: Date | null;
  updated_at: Date;
}

export interface MembershipsInsert {
  id_usuario: string;
  start_date: Date;
  paid_until?: Date | null;
  cycle_day?: number | null;
  apto_fecha?: Date | null;
  apto_vence?: Date | null;
  updated_at?: Date;
}

/** message_outbox */
export interface MessageOutboxRow {
  id: string;
  id_usuario: string | null;
  channel: string;
  template: string;
  params: unknown;
  idempotency_key: string;
  to_number: string | null;
  status: string;
  fallback: string | null;
  wamid: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  to_name: string | null;
  to_address: string | null;
  subject: string | null;
  body: string | null;
  attachments: unknown;
  seq: number;
}

export interface MessageOutboxInsert {
  id?: string;
  id_usuario?: string | null;
  channel: string;
  template: string;
  params?: unknown;
  idempotency_key: string;
  to_number?: string | null;
  status?: string;
  fallback?: string | null;
  wamid?: string | null;
  attempts?: number;
  next_attempt_at?: Date | null;
  last_error?: string | null;
  sent_at?: Date | null;
  delivered_at?: Date | null;
  read_at?: Date | null;
  failed_at?: Date | null;
  created_at: Date;
  updated_at: Date;
  to_name?: string | null;
  to_address?: string | null;
  subject?: string | null;
  body?: string | null;
  attachments?: unknown;
  seq?: number;
}

/** message_status_events */
export interface MessageStatusEventsRow {
  wamid: string;
  status: string;
  occurred_at: Date;
  error_code: number | null;
  received_at: Date;
}

export interface MessageStatusEventsInsert {
  wamid: string;
  status: string;
  occurred_at: Date;
  error_code?: number | null;
  received_at: Date;
}

/** messages */
export interface MessagesRow {
  id: string;
  user_name: string;
  user_email: string;
  user_message: string;
  id_usuario: string | null;
  status: string;
  error: string | null;
  created_at: Date;
  outbox_key: string | null;
}

export interface MessagesInsert {
  id?: string;
  user_name: string;
  user_email: string;
  user_message: string;
  id_usuario?: string | null;
  status: string;
  error?: string | null;
  created_at?: Date;
  outbox_key?: string | null;
}

/** online_payments */
export interface OnlinePaymentsRow {
  id: string;
  reference: string;
  kind: string;
  order_id: string | null;
  id_usuario: string | null;
  months: number | null;
  amount_centavos: number;
  status: string;
  last_provider_status: string | null;
  preference_id: string | null;
  checkout_url: string | null;
  expires_at: Date;
  provider_payment_id: string | null;
  membership_payment_id: string | null;
  refund_id: string | null;
  created_at: Date;
  updated_at: Date;
  applied_at: Date | null;
}

export interface OnlinePaymentsInsert {
  id?: string;
  reference: string;
  kind: string;
  order_id?: string | null;
  id_usuario?: string | null;
  months?: number | null;
  amount_centavos: number;
  status?: string;
  last_provider_status?: string | null;
  preference_id?: string | null;
  checkout_url?: string | null;
  expires_at: Date;
  provider_payment_id?: string | null;
  membership_payment_id?: string | null;
  refund_id?: string | null;
  created_at: Date;
  updated_at: Date;
  applied_at?: Date | null;
}

/** online_refunds */
export interface OnlineRefundsRow {
  id: string;
  online_payment_id: string;
  provider_payment_id: string;
  refund_id: string;
  amount_centavos: number;
  reason: string;
  created_at: Date;
}

export interface OnlineRefundsInsert {
  id?: string;
  online_payment_id: string;
  provider_payment_id: string;
  refund_id: string;
  amount_centavos: number;
  reason: string;
  created_at: Date;
}

/** order_lines */
export interface OrderLinesRow {
  order_id: string;
  position: number;
  product_id: string;
  variant_id: string | null;
  nombre: string;
  talle: string | null;
  color: string | null;
  cantidad: number;
  precio_centavos: number;
  subtotal_centavos: number;
}

export interface OrderLinesInsert {
  order_id: string;
  position: number;
  product_id: string;
  variant_id?: string | null;
  nombre: string;
  talle?: string | null;
  color?: string | null;
  cantidad: number;
  precio_centavos: number;
  subtotal_centavos: number;
}

/** orders */
export interface OrdersRow {
  id: string;
  numero: string;
  token: string;
  estado: string;
  comprador_nombre: string;
  comprador_apellido: string;
  comprador_email: string;
  comprador_celular: string;
  pago: string;
  entrega: string;
  total_centavos: number;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Date;
  updated_at: Date;
  pagado_at: Date | null;
  pagado_por: string | null;
  entregado_at: Date | null;
  entregado_por: string | null;
  cancelado_at: Date | null;
  cancelado_por: string | null;
  client_address: string | null;
}

export interface OrdersInsert {
  id?: string;
  numero?: string;
  token: string;
  estado?: string;
  comprador_nombre: string;
  comprador_apellido: string;
  comprador_email: string;
  comprador_celular: string;
  pago: string;
  entrega?: string;
  total_centavos: number;
  idempotency_key?: string | null;
  request_hash?: string | null;
  created_at?: Date;
  updated_at?: Date;
  pagado_at?: Date | null;
  pagado_por?: string | null;
  entregado_at?: Date | null;
  entregado_por?: string | null;
  cancelado_at?: Date | null;
  cancelado_por?: string | null;
  client_address?: string | null;
}

/** plan_disciplines */
export interface PlanDisciplinesRow {
  id_plan: number;
  discipline: string;
  weekly_limit: number | null;
}

export interface PlanDisciplinesInsert {
  id_plan: number;
  discipline: string;
  weekly_limit?: number | null;
}

/** plans */
export interface PlansRow {
  codigo_plan: string;
  id_plan: number;
  nombre_plan: string;
  description: string;
  precio_centavos: number;
  created_at: Date;
  updated_at: Date;
  cuota_mensual_centavos: number;
}

export interface PlansInsert {
  codigo_plan: string;
  id_plan: number;
  nombre_plan: string;
  description: string;
  precio_centavos: number;
  created_at?: Date;
  updated_at?: Date;
  cuota_mensual_centavos: number;
}

/** price_change_categories */
export interface PriceChangeCategoriesRow {
  change_id: string;
  categoria: string;
  effective_date: Date;
  active: boolean;
  products_changed: number | null;
}

export interface PriceChangeCategoriesInsert {
  change_id: string;
  categoria: string;
  effective_date: Date;
  active?: boolean;
  products_changed?: number | null;
}

/** price_change_items */
export interface PriceChangeItemsRow {
  change_id: string;
  id_plan: number;
  effective_date: Date;
  active: boolean;
  old_fee_centavos: number;
  new_fee_centavos: number;
}

export interface PriceChangeItemsInsert {
  change_id: string;
  id_plan: number;
  effective_date: Date;
  active?: boolean;
  old_fee_centavos: number;
  new_fee_centavos: number;
}

/** price_changes */
export interface PriceChangesRow {
  id: string;
  effective_date: Date;
  kind: string;
  value: number;
  ipc_month: Date | null;
  rounding_centavos: number;
  status: string;
  notice_sent_at: Date | null;
  applied_at: Date | null;
  debits_updated_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PriceChangesInsert {
  id?: string;
  effective_date: Date;
  kind: string;
  value: number;
  ipc_month?: Date | null;
  rounding_centavos?: number;
  status?: string;
  notice_sent_at?: Date | null;
  applied_at?: Date | null;
  debits_updated_at?: Date | null;
  created_by?: string | null;
  created_at: Date;
  updated_at: Date;
}

/** product_facet_counts */
export interface ProductFacetCountsRow {
  categoria: string;
  talle: string;
  color: string;
  bucket: number;
  portada: string;
  n: number;
}

export interface ProductFacetCountsInsert {
  categoria: string;
  talle: string;
  color: string;
  bucket: number;
  portada: string;
  n: number;
}

/** product_images */
export interface ProductImagesRow {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
  created_at: Date;
}

export interface ProductImagesInsert {
  id?: string;
  content_type: string;
  bytes: Uint8Array;
  width?: number | null;
  height?: number | null;
  created_at?: Date;
}

/** product_variants */
export interface ProductVariantsRow {
  id: string;
  product_id: string;
  talle: string | null;
  color: string | null;
  stock: number;
  stock_xid: string | null;
}

export interface ProductVariantsInsert {
  id?: string;
  product_id: string;
  talle?: string | null;
  color?: string | null;
  stock: number;
  stock_xid?: string | null;
}

/** products */
export interface ProductsRow {
  id: string;
  nombre: string;
  categoria: string[];
  precio_centavos: number;
  imagen: string;
  descripcion: string;
  portada: boolean;
  talle: string[];
  color: string[];
  created_at: Date;
  updated_at: Date;
  facet_bits: number | null;
}

export interface ProductsInsert {
  id?: string;
  nombre: string;
  categoria?: string[];
  precio_centavos: number;
  imagen: string;
  descripcion: string;
  portada?: boolean;
  talle?: string[];
  color?: string[];
  created_at?: Date;
  updated_at?: Date;
}

/** receipt_counter */
export interface ReceiptCounterRow {
  id: number;
  last: number;
}

export interface ReceiptCounterInsert {
  id: number;
  last: number;
}

/** reminder_templates */
export interface ReminderTemplatesRow {
  channel: string;
  text: string;
  updated_at: Date;
}

export interface ReminderTemplatesInsert {
  channel: string;
  text: string;
  updated_at?: Date;
}

/** reminders */
export interface RemindersRow {
  id: string;
  id_usuario: string;
  channel: string;
  automatic: boolean;
  paid_until: Date | null;
  text: string;
  status: string;
  message_id: string | null;
  created_at: Date;
  outbox_key: string | null;
}

export interface RemindersInsert {
  id?: string;
  id_usuario: string;
  channel: string;
  automatic?: boolean;
  paid_until?: Date | null;
  text: string;
  status: string;
  message_id?: string | null;
  created_at?: Date;
  outbox_key?: string | null;
}

/** report_months */
export interface ReportMonthsRow {
  kind: string;
  month: Date;
  method: string;
  item: string;
  nombre: string | null;
  unidades: number;
  monto: number;
}

export interface ReportMonthsInsert {
  kind: string;
  month: Date;
  method?: string;
  item?: string;
  nombre?: string | null;
  unidades?: number;
  monto?: number;
}

/** sessions */
export interface SessionsRow {
  token_hash: string;
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

export interface SessionsInsert {
  token_hash: string;
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip?: string | null;
  user_agent?: string | null;
}

/** throttle_counters */
export interface ThrottleCountersRow {
  key_hash: Uint8Array;
  attempts: number;
  window_started_at: Date;
}

export interface ThrottleCountersInsert {
  key_hash: Uint8Array;
  attempts: number;
  window_started_at: Date;
}

/** trainers */
export interface TrainersRow {
  id: number;
  nombre: string;
}

export interface TrainersInsert {
  id?: number;
  nombre: string;
}

/** transfer_uploads */
export interface TransferUploadsRow {
  id: string;
  id_usuario: string;
  content_type: string;
  bytes: Uint8Array;
  amount_centavos: number;
  months: number;
  status: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  reject_reason: string | null;
  payment_id: string | null;
}

export interface TransferUploadsInsert {
  id?: string;
  id_usuario: string;
  content_type: string;
  bytes: Uint8Array;
  amount_centavos: number;
  months: number;
  status?: string;
  created_at: Date;
  decided_at?: Date | null;
  decided_by?: string | null;
  reject_reason?: string | null;
  payment_id?: string | null;
}

/** whatsapp_consents */
export interface WhatsappConsentsRow {
  id: number;
  id_usuario: string;
  opted_in: boolean;
  source: string;
  recorded_by: string | null;
  at: Date;
}

export interface WhatsappConsentsInsert {
  id?: number;
  id_usuario: string;
  opted_in: boolean;
  source: string;
  recorded_by?: string | null;
  at: Date;
}

/** A table as Knex types it: rows read, inserted, updated. */
type Table<Row, Insert> = Knex.CompositeTableType<Row, Insert, Partial<Insert>>;

/** For `declare module 'knex/types/tables'` (ADR 0011: on module by module, then for all). */
export interface Tables {
  accounts: Table<AccountsRow, AccountsInsert>;
  arca_certificate_warnings: Table<ArcaCertificateWarningsRow, ArcaCertificateWarningsInsert>;
  arca_tickets: Table<ArcaTicketsRow, ArcaTicketsInsert>;
  audit_log: Table<AuditLogRow, AuditLogInsert>;
  backup_runs: Table<BackupRunsRow, BackupRunsInsert>;
  cash_closings: Table<CashClosingsRow, CashClosingsInsert>;
  catalogue_version: Table<CatalogueVersionRow, CatalogueVersionInsert>;
  checkins: Table<CheckinsRow, CheckinsInsert>;
  class_booking_unblocks: Table<ClassBookingUnblocksRow, ClassBookingUnblocksInsert>;
  class_bookings: Table<ClassBookingsRow, ClassBookingsInsert>;
  class_rules: Table<ClassRulesRow, ClassRulesInsert>;
  class_sessions: Table<ClassSessionsRow, ClassSessionsInsert>;
  class_slots: Table<ClassSlotsRow, ClassSlotsInsert>;
  clients: Table<ClientsRow, ClientsInsert>;
  consumer_arrepentimientos: Table<ConsumerArrepentimientosRow, ConsumerArrepentimientosInsert>;
  consumer_bajas: Table<ConsumerBajasRow, ConsumerBajasInsert>;
  debit_charges: Table<DebitChargesRow, DebitChargesInsert>;
  debits: Table<DebitsRow, DebitsInsert>;
  invoice_sequences: Table<InvoiceSequencesRow, InvoiceSequencesInsert>;
  invoices: Table<InvoicesRow, InvoicesInsert>;
  ipc_values: Table<IpcValuesRow, IpcValuesInsert>;
  job_runs: Table<JobRunsRow, JobRunsInsert>;
  login_events: Table<LoginEventsRow, LoginEventsInsert>;
  member_links: Table<MemberLinksRow, MemberLinksInsert>;
  member_sessions: Table<MemberSessionsRow, MemberSessionsInsert>;
  membership_pauses: Table<MembershipPausesRow, MembershipPausesInsert>;
  membership_payments: Table<MembershipPaymentsRow, MembershipPaymentsInsert>;
  membership_spans: Table<MembershipSpansRow, MembershipSpansInsert>;
  memberships: Table<MembershipsRow, MembershipsInsert>;
  message_outbox: Table<MessageOutboxRow, MessageOutboxInsert>;
  message_status_events: Table<MessageStatusEventsRow, MessageStatusEventsInsert>;
  messages: Table<MessagesRow, MessagesInsert>;
  online_payments: Table<OnlinePaymentsRow, OnlinePaymentsInsert>;
  online_refunds: Table<OnlineRefundsRow, OnlineRefundsInsert>;
  order_lines: Table<OrderLinesRow, OrderLinesInsert>;
  orders: Table<OrdersRow, OrdersInsert>;
  plan_disciplines: Table<PlanDisciplinesRow, PlanDisciplinesInsert>;
  plans: Table<PlansRow, PlansInsert>;
  price_change_categories: Table<PriceChangeCategoriesRow, PriceChangeCategoriesInsert>;
  price_change_items: Table<PriceChangeItemsRow, PriceChangeItemsInsert>;
  price_changes: Table<PriceChangesRow, PriceChangesInsert>;
  product_facet_counts: Table<ProductFacetCountsRow, ProductFacetCountsInsert>;
  product_images: Table<ProductImagesRow, ProductImagesInsert>;
  product_variants: Table<ProductVariantsRow, ProductVariantsInsert>;
  products: Table<ProductsRow, ProductsInsert>;
  receipt_counter: Table<ReceiptCounterRow, ReceiptCounterInsert>;
  reminder_templates: Table<ReminderTemplatesRow, ReminderTemplatesInsert>;
  reminders: Table<RemindersRow, RemindersInsert>;
  report_months: Table<ReportMonthsRow, ReportMonthsInsert>;
  sessions: Table<SessionsRow, SessionsInsert>;
  throttle_counters: Table<ThrottleCountersRow, ThrottleCountersInsert>;
  trainers: Table<TrainersRow, TrainersInsert>;
  transfer_uploads: Table<TransferUploadsRow, TransferUploadsInsert>;
  whatsapp_consents: Table<WhatsappConsentsRow, WhatsappConsentsInsert>;
}
