// EXPLAIN ANALYZE of the exact SQL the products repository sends (captured from Knex's query
// event, so the bench checks the real queries, not a copy of them), planned as the API runs them:
// each execution gets a custom plan for its values (the API prepares no named statement since
// docs/decisions/0002-prepared-statements.md). A query marked prepared would be explained with the
// generic plan PostgreSQL may settle on.
import type { Knex } from 'knex';
import { DEFAULT_LIST_LIMIT } from '@gym/contracts/security-messages';
import type { ProductFilters } from '@gym/contracts/product-filters';
import { createProductsRepository } from '../../backend/src/modules/products/products.repository';

export interface Plan {
  name: string;
  sql: string;
  bindings: unknown[];
  plan: string;
  executionMs: number;
  seqScanOnProducts: boolean;
}

const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

/** EXPLAIN ANALYZE of EXECUTE of the statement (its $n placeholders) prepared with a generic plan. */
function explainGeneric(db: Knex, sql: string, bindings: unknown[]) {
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
    await trx.raw(`PREPARE bench_explain AS ${sql}`);
    try {
      return await trx.raw(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_explain(${bindings.map(literal).join(', ')})`);
    } finally {
      await trx.raw('DEALLOCATE bench_explain');
    }
  });
}

export async function explainListQueries(db: Knex, cases: Record<string, ProductFilters>): Promise<Plan[]> {
  const repository = createProductsRepository(db);
  const plans: Plan[] = [];
  for (const [name, filters] of Object.entries(cases)) {
    const captured: { sql: string; bindings: unknown[]; prepared?: string }[] = [];
    const listen = (q: { sql: string; bindings?: unknown[]; prepared?: string }) =>
      captured.push({ sql: q.sql, bindings: q.bindings ?? [], prepared: q.prepared });
    db.on('query', listen);
    try {
      // As the API asks: a list without a limit gets the default one.
      await repository.page({ ...filters, page: filters.page ?? 1, limit: filters.limit ?? DEFAULT_LIST_LIMIT });
    } finally {
      db.off('query', listen);
    }
    for (const [i, q] of captured.entries()) {
      // Knex logs PostgreSQL's $n placeholders; raw() takes ?, in the same order.
      const result = q.prepared
        ? await explainGeneric(db, q.sql, q.bindings)
        : await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql.replace(/\$\d+/g, '?')}`, q.bindings as Knex.RawBinding[]);
      const plan = (result.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n');
      plans.push({
        name: captured.length > 1 ? `${name} (${i === 0 ? 'count' : 'page'})` : name,
        sql: q.sql,
        bindings: q.bindings,
        plan,
        executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
        seqScanOnProducts: /Seq Scan on products\b/.test(plan),
      });
    }
  }
  return plans;
}
