// EXPLAIN ANALYZE of the exact SQL the products repository sends (captured from Knex's query
// event, so the bench checks the real queries, not a copy of them).
import type { Knex } from 'knex';
import type { ProductFilters } from '@gym/contracts';
import { createProductsRepository } from '../../backend/src/modules/products/products.repository';

export interface Plan {
  name: string;
  sql: string;
  bindings: unknown[];
  plan: string;
  executionMs: number;
  seqScanOnProducts: boolean;
}

export async function explainListQueries(db: Knex, cases: Record<string, ProductFilters>): Promise<Plan[]> {
  const repository = createProductsRepository(db);
  const plans: Plan[] = [];
  for (const [name, filters] of Object.entries(cases)) {
    const captured: { sql: string; bindings: unknown[] }[] = [];
    const listen = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    db.on('query', listen);
    try {
      if (filters.limit) await repository.page({ ...filters, page: filters.page ?? 1, limit: filters.limit });
      else await repository.list(filters);
    } finally {
      db.off('query', listen);
    }
    for (const [i, q] of captured.entries()) {
      // Knex logs PostgreSQL's $n placeholders; raw() takes ?, in the same order.
      const sql = q.sql.replace(/\$\d+/g, '?');
      const result = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, q.bindings as Knex.RawBinding[]);
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
