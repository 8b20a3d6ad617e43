import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createPlansRepository } from '../plans/plans.repository';
import type { ShiftsService } from '../shifts/shifts.service';
import { createClientsController } from './clients.controller';
import { createClientsRepository } from './clients.repository';
import { clientsRoutes } from './clients.routes';
import { createClientsService } from './clients.service';

export function clientsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; shifts: ShiftsService },
  requireStaff: RequestHandler,
) {
  const service = createClientsService({
    clients: createClientsRepository(deps.db),
    plans: createPlansRepository(deps.db),
    shifts: deps.shifts,
    clock: deps.clock,
    write: auditedWrites(deps.db, deps.audit, createClientsRepository),
  });
  return { router: clientsRoutes(createClientsController(service), requireStaff) };
}
