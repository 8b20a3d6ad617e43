import { addDays, auditMessages as m, isIsoDate, tucumanDayStart } from '@gym/contracts';
import { ValidationFailed } from '../../shared/errors';
import type { AuditQuery, AuditRepository } from './audit.repository';

/** When that day (plus `plusDays`) starts in Tucumán; 2026-02-31 is refused rather than read as 3 March. */
function dayStart(value: unknown, field: string, plusDays = 0): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isIsoDate(value)) throw new ValidationFailed(m.invalidDate, { [field]: m.invalidDate });
  return tucumanDayStart(addDays(value, plusDays));
}

function positive(value: unknown, fallback: number, max: number, message: string, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ValidationFailed(message, { [field]: message });
  return n;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 254) : undefined);

export function createAuditService(audit: AuditRepository) {
  return {
    /** Newest first; `to` is inclusive of its whole day in Tucumán. */
    async list(query: Record<string, unknown>) {
      const q: AuditQuery = {
        actor: text(query.actor),
        entity: text(query.entity),
        from: dayStart(query.from, 'from'),
        to: dayStart(query.to, 'to', 1),
        page: positive(query.page, 1, 100_000, m.invalidPage, 'page'),
        limit: positive(query.limit, 50, 100, m.invalidLimit, 'limit'),
      };
      return { ...(await audit.page(q)), page: q.page, limit: q.limit };
    },
  };
}
