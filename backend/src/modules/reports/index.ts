import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { AuditRecorder } from '../audit';
import type { ReceiptGym } from '../memberships';
import { createAccountingRepository, type AccountingInvoices } from './accounting.repository';
import { createAccountingService } from './accounting.service';
import { createClosingsRepository } from './closings.repository';
import { createClosingsService } from './closings.service';
import { createIncomeRepository } from './income.repository';
import { createIncomeService } from './income.service';
import { createReportsController } from './reports.controller';
import { reportsRoutes } from './reports.routes';
import { createTrendsRepository } from './trends.repository';
import { createTrendsService } from './trends.service';

/**
 * The read functions of income and of active members (issue 40): one definition each, read by the
 * desk's panel, Reportes and the accountant's export alike.
 */
export const incomeReader = (db: Knex) => createIncomeService(createIncomeRepository(db));
export type { IncomeService as IncomeReader, MonthIncome } from './income.service';
export type { AccountingInvoices } from './accounting.repository';

/** Reports (issue 30): the desk's cash closing, the owner's numbers over time and the accountant's month. */
export function reportsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; gym: ReceiptGym; invoices: AccountingInvoices },
  requireStaff: RequestHandler,
) {
  const income = incomeReader(deps.db);
  const accounting = createAccountingService(createAccountingRepository(deps.db, deps.invoices), income);
  const closings = createClosingsService({
    repo: createClosingsRepository(deps.db),
    clock: deps.clock,
    audit: deps.audit,
  });
  const trends = createTrendsService(createTrendsRepository(deps.db), income, deps.clock);
  return { router: reportsRoutes(createReportsController({ closings, accounting, trends }, deps.gym), requireStaff) };
}
