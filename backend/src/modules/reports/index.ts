import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { AuditRecorder } from '../audit';
import type { ReceiptGym } from '../memberships';
import { createAccountingRepository } from './accounting.repository';
import { createAccountingService } from './accounting.service';
import { createClosingsRepository } from './closings.repository';
import { createClosingsService } from './closings.service';
import { createReportsController } from './reports.controller';
import { reportsRoutes } from './reports.routes';
import { createTrendsRepository } from './trends.repository';
import { createTrendsService } from './trends.service';

/** Reports (issue 30): the desk's cash closing, the owner's numbers over time and the accountant's month. */
export function reportsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; gym: ReceiptGym },
  requireStaff: RequestHandler,
) {
  const accounting = createAccountingService(createAccountingRepository(deps.db));
  const closings = createClosingsService({
    repo: createClosingsRepository(deps.db),
    clock: deps.clock,
    audit: deps.audit,
  });
  const trends = createTrendsService(createTrendsRepository(deps.db), deps.clock);
  return { router: reportsRoutes(createReportsController({ closings, accounting, trends }, deps.gym), requireStaff) };
}
