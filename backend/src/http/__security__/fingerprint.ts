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

/**
 * One string that changes when any row of any business table changes: per table, its row count
 * and an md5 over its rows as text. Tables added by other modules are picked up by themselves.
 */
export async function databaseFingerprint(db: Knex): Promise<string> {
  const { rows } = (await db.raw(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const tables = rows.map((r) => r.table_name).filter((name) => !VOLATILE.has(name));
  if (tables.length === 0) return '';
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${name}" x`,
  );
  const result = (await db.raw(parts.join(' union all '))) as { rows: { t: string; n: number; h: string }[] };
  // UNION ALL promises no order: PostgreSQL 17 may run its branches as a parallel append.
  return result.rows
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .sort()
    .join('|');
}
