import type { Knex } from 'knex';

/**
 * The desk's cash closings (issue 30, part 1): what the system expected one person to have taken
 * per method since their last closing, what they counted in cash, and the difference. A closing
 * is a record of a moment: never edited nor deleted (a trigger refuses it, as for the audit log).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE cash_closings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id),
      staff_email text NOT NULL,
      staff_name text NOT NULL,
      opened_at timestamptz NOT NULL,
      closed_at timestamptz NOT NULL CHECK (closed_at >= opened_at),
      expected jsonb NOT NULL,
      expected_cash_centavos bigint NOT NULL,
      counted_cash_centavos bigint NOT NULL CHECK (counted_cash_centavos BETWEEN 0 AND 10000000000),
      difference_centavos bigint NOT NULL CHECK (difference_centavos = counted_cash_centavos - expected_cash_centavos),
      note text CHECK (char_length(note) <= 300)
    )`);
  await knex.raw('CREATE INDEX cash_closings_account ON cash_closings (account_id, closed_at DESC)');
  await knex.raw('CREATE INDEX cash_closings_closed ON cash_closings (closed_at DESC)');
  await knex.raw(`
    CREATE FUNCTION cash_closings_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'cash_closings are immutable';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER cash_closings_immutable BEFORE UPDATE OR DELETE ON cash_closings
      FOR EACH ROW EXECUTE FUNCTION cash_closings_immutable()`);
  // A person's payments in a shift: the closing's query.
  await knex.raw('CREATE INDEX membership_payments_recorded ON membership_payments (recorded_by, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX membership_payments_recorded');
  await knex.raw('DROP TABLE cash_closings');
  await knex.raw('DROP FUNCTION cash_closings_immutable()');
}
