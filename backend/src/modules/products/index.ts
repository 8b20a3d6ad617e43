import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createCatalogueCache } from './products.cache';
import { createProductsController } from './products.controller';
import { createProductsRepository } from './products.repository';
import { catalogueRoutes, productsRoutes } from './products.routes';
import { createProductsService } from './products.service';

export function productsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; imageHosts?: string[] },
  requireStaff: RequestHandler,
) {
  const write = auditedWrites(deps.db, deps.audit, createProductsRepository);
  const service = createProductsService(createProductsRepository(deps.db), deps.clock, write);
  // At most 500 answers and 32 MB; a page of 24 products is about 10 kB.
  const cache = createCatalogueCache({ maxEntries: 500, maxBytes: 32 * 2 ** 20, maxEntryBytes: 2 ** 20 });
  const controller = createProductsController(service, cache, deps.imageHosts);
  return { catalogueRouter: catalogueRoutes(controller), router: productsRoutes(controller, requireStaff) };
}
