import type { Knex } from 'knex';

/**
 * The owner's reports over time (issue 30, part 2) read a year of payments, orders and check-ins
 * as SQL aggregates. These indexes let each one read only its rows:
 * - income by month, method and plan: the dashboard's income index gains the plan (index-only);
 * - members who start (altas) and who leave (bajas): payments by start and by end of the period
 *   they paid for, and each client's periods for "was there one within 30 days?";
 * - shop sales and the accountant's orders: orders by the moment they were paid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX membership_payments_income');
  await knex.raw(`CREATE INDEX membership_payments_income ON membership_payments (created_at)
    INCLUDE (method, amount_centavos, id_plan) WHERE voided_at IS NULL`);
  await knex.raw(`CREATE INDEX membership_payments_period_from ON membership_payments (period_from)
    INCLUDE (id_usuario) WHERE voided_at IS NULL`);
  await knex.raw(`CREATE INDEX membership_payments_period_to ON membership_payments (period_to)
    INCLUDE (id_usuario, period_from) WHERE voided_at IS NULL`);
  await knex.raw(`CREATE INDEX membership_payments_client_periods ON membership_payments (id_usuario, period_to)
    INCLUDE (period_from) WHERE voided_at IS NULL`);
  await knex.raw('CREATE INDEX orders_paid ON orders (pagado_at, id) WHERE pagado_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_paid');
  await knex.raw('DROP INDEX membership_payments_client_periods');
  await knex.raw('DROP INDEX membership_payments_period_to');
  await knex.raw('DROP INDEX membership_payments_period_from');
  await knex.raw('DROP INDEX membership_payments_income');
  await knex.raw(`CREATE INDEX membership_payments_income ON membership_payments (created_at)
    INCLUDE (method, amount_centavos) WHERE voided_at IS NULL`);
}
