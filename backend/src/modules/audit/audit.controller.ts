import type { RequestHandler } from 'express';
import { auditMessages as m } from '@gym/contracts/roles';
import { isIsoDate, type IsoDate } from '@gym/contracts/membership-dates';
import { ValidationFailed } from '../../shared/errors';
import type { AuditFilter, AuditService } from './audit.service';

const absent = (value: unknown) => value === undefined || value === '';

/** A day, 'aaaa-mm-dd'; 2026-02-31 is refused rather than read as 3 March. */
function day(value: unknown, field: string): IsoDate | undefined {
  if (absent(value)) return undefined;
  if (!isIsoDate(value)) throw new ValidationFailed(m.invalidDate, { [field]: m.invalidDate });
  return value;
}

function positive(value: unknown, fallback: number, max: number, message: string, field: string): number {
  if (absent(value)) return fallback;
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ValidationFailed(message, { [field]: message });
  return n;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 254) : undefined);

/** `?actor=&entity=&from=&to=&page=&limit=`: the trail's filter, each part checked. */
function filterOf(query: Record<string, unknown>): AuditFilter {
  return {
    actor: text(query.actor),
    entity: text(query.entity),
    from: day(query.from, 'from'),
    to: day(query.to, 'to'),
    page: positive(query.page, 1, 100_000, m.invalidPage, 'page'),
    limit: positive(query.limit, 50, 100, m.invalidLimit, 'limit'),
  };
}

export function createAuditController(service: AuditService) {
  return {
    list: (async (req, res) => {
      res.json(await service.list(filterOf(req.query as Record<string, unknown>)));
    }) satisfies RequestHandler,
  };
}
