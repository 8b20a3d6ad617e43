import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { createShiftsController } from './shifts.controller';
import { createShiftsRepository } from './shifts.repository';
import { shiftsRoutes } from './shifts.routes';
import { createShiftsService } from './shifts.service';

export function shiftsModule(deps: { db: Knex; clock: Clock }, requireStaff: RequestHandler) {
  const service = createShiftsService(createShiftsRepository(deps.db), deps.clock);
  return { router: shiftsRoutes(createShiftsController(service), requireStaff), service };
}
