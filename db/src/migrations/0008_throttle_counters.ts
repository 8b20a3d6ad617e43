import type { Knex } from 'knex';

/**
 * Login and staff-code throttling as one counter per key, raised by a single upsert before the
 * check (so a burst cannot slip past the limit). Keys are stored as their SHA-256 (32 bytes, so a
 * 90,000-character e-mail costs what any other does); the purge job deletes windows that ended.
 * The old per-event table goes: its rows only held counts of a few minutes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE throttle_counters (
      key_hash bytea PRIMARY KEY CHECK (octet_length(key_hash) = 32),
      attempts integer NOT NULL,
      window_started_at timestamptz NOT NULL
    )`);
  await knex.raw('CREATE INDEX throttle_counters_window ON throttle_counters (window_started_at)');
  await knex.raw('DROP TABLE throttle_events');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttle_events', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['key', 'created_at']);
  });
  await knex.raw('DROP TABLE throttle_counters');
}
