import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createCatalogueReads } from './catalogue-reads';
import { createProductsController } from './products.controller';
import { createProductsRepository } from './products.repository';
import { catalogueRoutes, productsRoutes } from './products.routes';
import { createProductsService } from './products.service';
import { createStockRepository } from './stock.repository';

/**
 * The variants' stock as the orders move it, inside the order's transaction `trx`: lock the
 * variants asked for, take an order's units, give a cancelled order's back.
 */
export function variantStock(trx: Knex.Transaction) {
  return createStockRepository(trx);
}

export type VariantStock = ReturnType<typeof variantStock>;
export type { LockedVariant, StockMove } from './stock.repository';

export function productsModule(
  deps: {
    db: Knex;
    clock: Clock;
    audit: AuditRecorder;
    imageHosts?: string[];
    catalogueIndex?: boolean;
    logger?: Logger;
  },
  requireStaff: RequestHandler,
) {
  const write = auditedWrites(deps.db, deps.audit, createProductsRepository);
  const repository = createProductsRepository(deps.db);
  const service = createProductsService(repository, deps.clock, write);
  // About 20 MB of products' JSON at most (about 1 kB each); the index of 100k products is about 12 MB more.
  const reads = createCatalogueReads(repository, service, {
    maxProducts: 20_000,
    minRebuildGapMs: 1000,
    index: deps.catalogueIndex ?? true,
    log: deps.logger,
  });
  reads.warm();
  const controller = createProductsController(service, reads, deps.imageHosts);
  return { catalogueRouter: catalogueRoutes(controller), router: productsRoutes(controller, requireStaff) };
}
