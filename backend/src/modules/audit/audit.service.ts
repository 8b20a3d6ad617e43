import { addDays, tucumanDayStart, type IsoDate } from '@gym/contracts/membership-dates';
import type { AuditRepository } from './audit.repository';

/** What the owner filters the trail by: days in Tucumán, `to` inclusive. */
export interface AuditFilter {
  actor?: string;
  entity?: string;
  from?: IsoDate;
  to?: IsoDate;
  page: number;
  limit: number;
}

export function createAuditService(audit: AuditRepository) {
  return {
    /** Newest first; `to` is inclusive of its whole day in Tucumán. */
    async list({ from, to, ...filter }: AuditFilter) {
      const page = await audit.page({
        ...filter,
        from: from === undefined ? undefined : tucumanDayStart(from),
        to: to === undefined ? undefined : tucumanDayStart(addDays(to, 1)),
      });
      return { ...page, page: filter.page, limit: filter.limit };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
