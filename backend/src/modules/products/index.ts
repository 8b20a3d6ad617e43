import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { createProductsController } from './products.controller';
import { createProductsRepository } from './products.repository';
import { productsRoutes } from './products.routes';
import { createProductsService } from './products.service';

export function productsModule(deps: { db: Knex; clock: Clock }, requireStaff: RequestHandler) {
  const service = createProductsService(createProductsRepository(deps.db), deps.clock);
  return { router: productsRoutes(createProductsController(service), requireStaff) };
}
