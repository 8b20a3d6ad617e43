import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { createPlansController } from './plans.controller';
import { createPlansRepository } from './plans.repository';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';

export function plansModule(deps: { db: Knex; clock: Clock }, requireStaff: RequestHandler) {
  const service = createPlansService(createPlansRepository(deps.db), deps.clock);
  return { router: plansRoutes(createPlansController(service), requireStaff) };
}
