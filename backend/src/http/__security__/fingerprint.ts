import type { Knex } from 'knex';

/** Tables a refused request may legitimately touch: failed-login counts and session last-seen times. */
const VOLATILE = new Set([
  'throttle_events',
  'throttle_counters',
  'sessions',
  'login_events',
  'knex_migrations',
  'knex_migrations_lock',
]);

/** The test database's own log of row writes (never in a migration: created here, per test database). */
const LOG = 'zz_test_row_writes';

const watched = new WeakSet<Knex>();

/**
 * Once per test database: a row trigger on every business table appends the table's name to LOG on
 * each row inserted, updated or deleted. The log is transactional: a write rolled back leaves nothing.
 */
async function watchWrites(db: Knex): Promise<void> {
  const { rows } = (await db.raw(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const tables = rows.map((r) => r.table_name).filter((name) => !VOLATILE.has(name) && name !== LOG);
  await db.raw(`create table if not exists ${LOG} (id bigserial primary key, t text not null)`);
  await db.raw(`create or replace function ${LOG}_note() returns trigger language plpgsql as $$
    begin insert into ${LOG} (t) values (tg_table_name); return null; end $$`);
  for (const name of tables)
    await db.raw(
      `create or replace trigger ${LOG} after insert or update or delete on "${name}"
       for each row execute function ${LOG}_note()`,
    );
}

/**
 * One string that changes when any row of any business table is written (committed): per table,
 * how many row writes it has had since the first call. Cheap to take after every request (one
 * small query), so the property tests take it thousands of times.
 */
export async function databaseFingerprint(db: Knex): Promise<string> {
  if (!watched.has(db)) {
    await watchWrites(db);
    watched.add(db);
  }
  const result = (await db.raw(`select t, count(*)::int as n from ${LOG} group by t order by t`)) as {
    rows: { t: string; n: number }[];
  };
  return result.rows.map((r) => `${r.t}:${r.n}`).join('|');
}
