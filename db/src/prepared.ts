import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isPglite } from './connection';

const MAX_ENTRIES = 1000;
const names = new Map<string, string>();
const compiled = new Map<string, { sql: string; bindings: readonly unknown[] }>();

function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (!name && names.size < MAX_ENTRIES) {
    name = `gym_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/** Knex's compilation of a query, kept under `key` (same key, same SQL and bindings); oldest dropped first. */
function compile(build: () => Knex.QueryBuilder | Knex.Raw, key: string | undefined) {
  const cached = key === undefined ? undefined : compiled.get(key);
  if (cached) return cached;
  const native = build().toSQL().toNative();
  if (key !== undefined) {
    if (compiled.size >= MAX_ENTRIES) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, native);
  }
  return native;
}

/**
 * Runs a hot query as a named prepared statement on a PostgreSQL server: each pooled connection
 * parses it once (PostgreSQL may settle on a generic plan after five runs), then binds and executes;
 * Knex's runner is skipped, and with a `key` so is its query compiler. Same SQL, same rows as
 * awaiting the builder, which is what PGlite (in process, nothing to save) does.
 */
export async function queryPrepared<Row>(
  knex: Knex,
  build: () => Knex.QueryBuilder | Knex.Raw,
  key?: string,
): Promise<Row[]> {
  if (isPglite(knex)) {
    const result: unknown = await build();
    // A raw statement answers as its driver does ({ rows }); a builder answers the rows.
    return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  }
  const { sql, bindings } = compile(build, key);
  const name = statementName(sql);
  knex.client.emit('query', { method: 'select', sql, bindings, prepared: name });
  const connection = await knex.client.acquireConnection();
  try {
    const result = await connection.query({ name, text: sql, values: bindings });
    return result.rows as Row[];
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
