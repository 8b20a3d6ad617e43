import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import type { Centavos } from '@gym/contracts/money';
import { createCatalogueReads } from './catalogue-reads';
import { productsInCategories, setProductPrice, type PricedProduct } from './prices.repository';
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

export type { PricedProduct } from './prices.repository';

/** What another module reads of the shop's prices (a scheduled price change's preview, issue 47). */
export function productPriceReads(db: Knex) {
  return {
    /** The products of any of these categories, each once, by name. */
    inCategories: (categorias: readonly string[]) => productsInCategories(db, categorias),
  };
}

export type ProductPriceReads = ReturnType<typeof productPriceReads>;

/**
 * Another module reprices the products of some categories (a scheduled price change on its date,
 * issue 47): in the caller's transaction, the products locked, each new price audited as an edit.
 */
export function productPriceWriter(clock: Clock, audit: AuditRecorder) {
  return {
    async reprice(
      trx: Knex,
      categorias: readonly string[],
      newPrice: (product: PricedProduct) => Centavos | undefined,
    ): Promise<{ cambiados: number; sinCambio: number }> {
      const counts = { cambiados: 0, sinCambio: 0 };
      for (const product of await productsInCategories(trx, categorias, true)) {
        const price = newPrice(product);
        if (price === undefined || price === product.precioCentavos) {
          counts.sinCambio++;
          continue;
        }
        await setProductPrice(trx, product.id, price, clock.now());
        await audit.record(trx, {
          entity: 'producto',
          entityId: product.id,
          action: 'editar',
          before: { nombre: product.nombre, precio: product.precioCentavos / 100 },
          after: { nombre: product.nombre, precio: price / 100 },
          keep: ['nombre'],
        });
        counts.cambiados++;
      }
      return counts;
    },
  };
}

export type ProductPriceWriter = ReturnType<typeof productPriceWriter>;

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
