import type { Knex } from 'knex';
import type { AuditEntryView, Role } from '@gym/contracts/roles';
import { UUID } from '../../shared/ids';

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
  actor_member: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  actor_name: string | null;
  actor_member_name: string | null;
  subject_name: string | null;
  subject_email: string | null;
}

const toView = (row: AuditRow): AuditEntryView => ({
  at: new Date(row.at).toISOString(),
  actor: {
    _id: row.actor_id,
    email: row.actor_email,
    role: row.actor_role,
    name: row.actor_name,
    ...(row.actor_member ? { member: row.actor_member, memberName: row.actor_member_name } : {}),
  },
  entity: row.entity,
  entityId: row.entity_id,
  action: row.action,
  before: row.before,
  after: row.after,
  requestId: row.request_id,
  subject: row.subject_name || row.subject_email ? { name: row.subject_name, email: row.subject_email } : null,
});

/** Clients are named by their id (a membership's and a shift's rows too), accounts by uuid, plans by code. */
const CLIENT_ENTITIES = ['cliente', 'membresia', 'turno', 'socio', 'comprobante'];

export function createAuditRepository(db: Knex) {
  /**
   * The names a reader needs, joined as they are now (an archived client keeps its row); a row about
   * something since deleted keeps its own before/after, which the sentence falls back to.
   */
  const withNames = (query: Knex.QueryBuilder) =>
    query
      .leftJoin({ who: 'accounts' }, 'who.id', 'l.actor_id')
      .leftJoin({ member: 'clients' }, 'member.id_usuario', 'l.actor_member')
      .leftJoin({ c: 'clients' }, (j) => j.on('c.id_usuario', 'l.entity_id').andOnIn('l.entity', CLIENT_ENTITIES))
      .leftJoin({ a: 'accounts' }, (j) => j.on('l.entity_id', db.raw('a.id::text')).andOnVal('l.entity', 'cuenta'))
      .leftJoin({ p: 'plans' }, (j) => j.on('p.codigo_plan', 'l.entity_id').andOnVal('l.entity', 'plan'))
      .leftJoin({ pr: 'products' }, (j) => j.on('l.entity_id', db.raw('pr.id::text')).andOnVal('l.entity', 'producto'))
      .select(
        db.raw(`nullif(trim(concat_ws(' ', who.name, who.lastname)), '') as actor_name`),
        'member.nombre as actor_member_name',
        db.raw(
          `coalesce(c.nombre, nullif(trim(concat_ws(' ', a.name, a.lastname)), ''), p.nombre_plan, pr.nombre) as subject_name`,
        ),
        db.raw('coalesce(c.correo, a.email) as subject_email'),
      );

  const filtered = (q: AuditQuery) => {
    const query = db({ l: 'audit_log' });
    if (q.actor) {
      if (UUID.test(q.actor)) query.where('l.actor_id', q.actor);
      else query.where('l.actor_email', q.actor.trim().toLowerCase());
    }
    if (q.entity) query.where('l.entity', q.entity);
    if (q.from) query.where('l.at', '>=', q.from);
    if (q.to) query.where('l.at', '<', q.to);
    return query;
  };
  return {
    async page(q: AuditQuery): Promise<{ entries: AuditEntryView[]; total: number }> {
      const rows: AuditRow[] = await withNames(filtered(q))
        .select('l.at', 'l.actor_id', 'l.actor_email', 'l.actor_role', 'l.entity', 'l.entity_id', 'l.action')
        .select('l.before', 'l.after', 'l.request_id', 'l.actor_member')
        .orderBy([
          { column: 'l.at', order: 'desc' },
          { column: 'l.id', order: 'desc' },
        ])
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const count = await filtered(q).count<{ n: number }[]>({ n: '*' }).first();
      return { entries: rows.map(toView), total: count?.n ?? 0 };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
