import type { Knex } from 'knex';
import type { AuditEntryView, Role } from '@gym/contracts';

export interface AuditQuery {
  actor?: string;
  entity?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

interface AuditRow {
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: Role | null;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toView = (row: AuditRow): AuditEntryView => ({
  at: new Date(row.at).toISOString(),
  actor: { _id: row.actor_id, email: row.actor_email, role: row.actor_role },
  entity: row.entity,
  entityId: row.entity_id,
  action: row.action,
  before: row.before,
  after: row.after,
  requestId: row.request_id,
});

export function createAuditRepository(db: Knex) {
  const filtered = (q: AuditQuery) => {
    const query = db('audit_log');
    if (q.actor) {
      if (UUID.test(q.actor)) query.where('actor_id', q.actor);
      else query.where('actor_email', q.actor.trim().toLowerCase());
    }
    if (q.entity) query.where('entity', q.entity);
    if (q.from) query.where('at', '>=', q.from);
    if (q.to) query.where('at', '<', q.to);
    return query;
  };
  return {
    async page(q: AuditQuery): Promise<{ entries: AuditEntryView[]; total: number }> {
      const rows: AuditRow[] = await filtered(q)
        .select('at', 'actor_id', 'actor_email', 'actor_role', 'entity', 'entity_id', 'action', 'before', 'after')
        .select('request_id')
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const count = await filtered(q).count<{ n: string | number }[]>({ n: '*' }).first();
      return { entries: rows.map(toView), total: Number(count?.n ?? 0) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
