import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createPlansController } from './plans.controller';
import { createPlansRepository } from './plans.repository';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';

export function plansModule(deps: { db: Knex; clock: Clock; audit: AuditRecorder }, requireStaff: RequestHandler) {
  const write = auditedWrites(deps.db, deps.audit, createPlansRepository);
  const repository = createPlansRepository(deps.db);
  const service = createPlansService(repository, deps.clock, write);
  return { router: plansRoutes(createPlansController(service), requireStaff), repository };
}

export { createPlansRepository, type PlansRepository } from './plans.repository';
