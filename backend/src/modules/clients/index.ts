import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { createPlansRepository } from '../plans/plans.repository';
import type { ShiftsService } from '../shifts/shifts.service';
import { createClientsController } from './clients.controller';
import { createClientsRepository } from './clients.repository';
import { clientsRoutes } from './clients.routes';
import { createClientsService } from './clients.service';

export function clientsModule(deps: { db: Knex; clock: Clock; shifts: ShiftsService }, requireStaff: RequestHandler) {
  const service = createClientsService({
    clients: createClientsRepository(deps.db),
    plans: createPlansRepository(deps.db),
    shifts: deps.shifts,
    clock: deps.clock,
  });
  return { router: clientsRoutes(createClientsController(service), requireStaff) };
}
