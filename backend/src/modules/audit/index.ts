import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { createAuditController } from './audit.controller';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

export { createAuditRecorder, type AuditRecorder, type AuditEntry } from './audit.recorder';

/** GET /v1/audit: the trail, newest first, for the owner. */
export function auditModule(deps: { db: Knex }, requireStaff: RequestHandler) {
  const controller = createAuditController(createAuditService(createAuditRepository(deps.db)));
  return { router: auditRoutes(controller.list, requireStaff) };
}
export { auditedWrites, type AuditedWrite, type RecordAudit } from './audited-writes';
