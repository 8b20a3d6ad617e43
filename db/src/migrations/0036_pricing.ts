import type { Knex } from 'knex';

/**
 * Scheduled price changes indexed to the IPC (issue 47). `ipc_values`: the INDEC's monthly IPC
 * (national, general level, base December 2016 = 100), one row per month, read by a job from the
 * national series API or the shipped CSV. `price_changes`: a change of the plans' monthly fee from a
 * date (an amount, a percentage or the last month's IPC), told to the members before it applies;
 * `price_change_items`: each plan's fee before and after, fixed when the change is scheduled.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE ipc_values (
      month date PRIMARY KEY CHECK (extract(day FROM month) = 1),
      value numeric(14, 4) NOT NULL CHECK (value > 0),
      source text NOT NULL CHECK (source IN ('api', 'csv')),
      fetched_at timestamptz NOT NULL
    )`);
  await knex.raw(`
    CREATE TABLE price_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      effective_date date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('monto', 'porcentaje', 'ipc')),
      value numeric(14, 4) NOT NULL,
      ipc_month date,
      rounding_centavos integer NOT NULL DEFAULT 10000 CHECK (rounding_centavos BETWEEN 1 AND 10000000),
      status text NOT NULL DEFAULT 'programado'
        CHECK (status IN ('programado', 'avisado', 'aplicado', 'cancelado')),
      notice_sent_at timestamptz,
      applied_at timestamptz,
      debits_updated_at timestamptz,
      created_by text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  await knex.raw(
    "CREATE INDEX price_changes_due ON price_changes (effective_date) WHERE status IN ('programado', 'avisado')",
  );
  await knex.raw(`
    CREATE TABLE price_change_items (
      change_id uuid NOT NULL REFERENCES price_changes(id) ON DELETE CASCADE,
      id_plan integer NOT NULL,
      effective_date date NOT NULL,
      active boolean NOT NULL DEFAULT true,
      old_fee_centavos bigint NOT NULL CHECK (old_fee_centavos >= 0),
      new_fee_centavos bigint NOT NULL CHECK (new_fee_centavos > 0),
      PRIMARY KEY (change_id, id_plan)
    )`);
  // A plan changes once a day: two live changes for the same plan and date are refused.
  await knex.raw(
    'CREATE UNIQUE INDEX price_change_items_one_per_day ON price_change_items (id_plan, effective_date) WHERE active',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE price_change_items');
  await knex.raw('DROP TABLE price_changes');
  await knex.raw('DROP TABLE ipc_values');
}
