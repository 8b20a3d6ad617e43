import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { currentContext } from '../../shared/request-context';

export interface AuditEntry {
  /** What changed, in Spanish: 'producto', 'cliente', 'plan', 'turno', 'mensaje', 'cuenta', 'sesion'… */
  entity: string;
  entityId: string;
  /** 'crear', 'editar', 'borrar', 'cambiar_rol'… */
  action: string;
  before?: object | null;
  after?: object | null;
  /** Fields kept on both sides of an edit though unchanged: what a reader needs to judge it (an order's total). */
  keep?: readonly string[];
  /** A member of the portal did it (the idUsuario), not a staff member of the request. */
  member?: string;
}

/** Never kept, at any depth: passwords, hashes, codes, tokens, secrets. */
const SECRET_KEY = /pass|contrase|hash|token|secret|^code$/i;
const IGNORED_IN_DIFF = new Set(['updatedAt', 'updated_at']);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, scrub(v)]),
  );
}

/** On an edit only the fields that changed are kept, each with its value before and after. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>, keep: readonly string[] = []) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => keep.includes(k) || (!IGNORED_IN_DIFF.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k])),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

export function createAuditRecorder(clock: Clock) {
  return {
    /** Call with the transaction that makes the change: the row commits, or rolls back, with it. */
    async record(trx: Knex, entry: AuditEntry): Promise<void> {
      let before = entry.before ? (scrub(entry.before) as Record<string, unknown>) : null;
      let after = entry.after ? (scrub(entry.after) as Record<string, unknown>) : null;
      if (before && after) ({ before, after } = changes(before, after, entry.keep));
      const { actor, requestId, ip } = currentContext();
      await trx('audit_log').insert({
        at: clock.now(),
        actor_id: entry.member ? null : (actor?.id ?? null),
        actor_email: entry.member ? null : (actor?.email ?? null),
        actor_role: entry.member ? null : (actor?.role ?? null),
        actor_member: entry.member ?? null,
        entity: entry.entity,
        entity_id: entry.entityId,
        action: entry.action,
        before: before && JSON.stringify(before),
        after: after && JSON.stringify(after),
        request_id: requestId ?? null,
        ip: ip ?? null,
      });
    },
  };
}

export type AuditRecorder = ReturnType<typeof createAuditRecorder>;
