import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import type { PlansRepository } from '../plans';
import type { ShiftsService } from '../shifts';
import { createClientsController } from './clients.controller';
import { createClientsRepository } from './clients.repository';
import { clientsRoutes } from './clients.routes';
import { createClientsService } from './clients.service';

export function clientsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; shifts: ShiftsService; plans: PlansRepository },
  requireStaff: RequestHandler,
) {
  const repository = createClientsRepository(deps.db);
  const service = createClientsService({
    clients: repository,
    plans: deps.plans,
    shifts: deps.shifts,
    clock: deps.clock,
    write: auditedWrites(deps.db, deps.audit, createClientsRepository),
  });
  return { router: clientsRoutes(createClientsController(service), requireStaff), repository };
}

export { createClientsRepository, type ClientsRepository } from './clients.repository';
