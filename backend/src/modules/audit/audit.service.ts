import { auditMessages as m } from '@gym/contracts';
import { ValidationFailed } from '../../http/errors';
import type { AuditQuery, AuditRepository } from './audit.repository';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Tucumán keeps UTC−3 all year: a day there starts at 03:00 UTC. */
const TUCUMAN_OFFSET = '-03:00';
const HOUR = 3_600_000;

function dayStart(value: unknown, field: string, plusDays = 0): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = typeof value === 'string' && DAY.test(value) ? new Date(`${value}T00:00:00${TUCUMAN_OFFSET}`) : null;
  // 2026-02-31 is refused rather than read as 3 March.
  const sameDay =
    date &&
    !Number.isNaN(date.getTime()) &&
    new Date(date.getTime() - 3 * HOUR).toISOString().startsWith(value as string);
  if (!date || !sameDay) throw new ValidationFailed(m.invalidDate, { [field]: m.invalidDate });
  return new Date(date.getTime() + plusDays * 24 * HOUR);
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
