import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { createBackupsRepository } from './backups.repository';
import { createBackupsService } from './backups.service';
import { operationsRoutes } from './operations.routes';

export { backupAlertsJob } from './backup-alerts.job';
export { createMetricsApp, metricsListenAddress } from './metrics.server';

/** Operating the gym's data (issue 31): the owner's backup line; metrics and alerts are wired in server.ts. */
export function operationsModule(deps: { db: Knex }, requireStaff: RequestHandler) {
  return { router: operationsRoutes(createBackupsService(createBackupsRepository(deps.db)), requireStaff) };
}
