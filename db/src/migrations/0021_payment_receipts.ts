import type { Knex } from 'knex';

/**
 * Numbered receipts (issue 27): every payment gets the next number of one sequence, R-000001 on.
 * Not a PostgreSQL SEQUENCE, which skips a number when a transaction rolls back: a one-row
 * counter updated in the payment's own transaction, so a payment that fails returns its number
 * and the receipts have no gaps. Existing payments are numbered by when they were recorded.
 * `recorded_by` keeps the staff e-mail that recorded a payment, printed on its receipt.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE membership_payments ADD COLUMN receipt_number integer, ADD COLUMN recorded_by text');
  await knex.raw(`
    UPDATE membership_payments p SET receipt_number = n.number
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS number FROM membership_payments) n
    WHERE p.id = n.id`);
  await knex.raw('ALTER TABLE membership_payments ALTER COLUMN receipt_number SET NOT NULL');
  await knex.raw(
    'ALTER TABLE membership_payments ADD CONSTRAINT membership_payments_receipt_number UNIQUE (receipt_number)',
  );
  await knex.raw(`
    CREATE TABLE receipt_counter (
      id smallint PRIMARY KEY CHECK (id = 1),
      last integer NOT NULL CHECK (last >= 0)
    )`);
  await knex.raw('INSERT INTO receipt_counter (id, last) SELECT 1, count(*) FROM membership_payments');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE receipt_counter');
  await knex.raw('ALTER TABLE membership_payments DROP COLUMN receipt_number, DROP COLUMN recorded_by');
}
