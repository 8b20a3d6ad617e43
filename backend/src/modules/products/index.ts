import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createCatalogueReads } from './catalogue-reads';
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
  const repository = createProductsRepository(deps.db);
  const service = createProductsService(repository, deps.clock, write);
  // At most 500 answers and 16 MB; a page of 24 products is about 10 kB.
  const cache = createCatalogueCache({ maxEntries: 500, maxBytes: 16 * 2 ** 20, maxEntryBytes: 2 ** 20 });
  // About 30 MB of products' JSON at most; the index of 100k products is about 7 MB more.
  const reads = createCatalogueReads(repository, service, cache, { maxProducts: 60_000, minRebuildGapMs: 1000 });
  const controller = createProductsController(service, reads, deps.imageHosts);
  return { catalogueRouter: catalogueRoutes(controller), router: productsRoutes(controller, requireStaff) };
}
