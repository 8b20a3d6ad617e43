import { concurrencyMessages, productMessages } from '@gym/contracts/messages';
import type { ProductFilters } from '@gym/contracts/product-filters';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import type { AuditedWrite } from '../audit';
import type { ProductsRepository } from './products.repository';
import { toWireProduct, type ProductData, type ProductRecord } from './products.wire';
import { UUID } from '../../shared/ids';

/** Product ids are UUIDs; anything else is not found without asking the database. */
export const isProductId = (id: string) => UUID.test(id);

/** The page and size a list answers: the first page and 24 products unless asked. */
export const withPage = (filters: ProductFilters) => ({
  ...filters,
  page: filters.page ?? 1,
  limit: filters.limit ?? 24,
});

/** A product's audit rows keep the spec's shape (`precio` in pesos), as the audit's sentences read them. */
const audited = toWireProduct;

export function createProductsService(
  products: ProductsRepository,
  clock: Clock,
  write: AuditedWrite<ProductsRepository>,
) {
  async function find(id: string): Promise<ProductRecord> {
    const product = isProductId(id) ? await products.findById(id) : undefined;
    if (!product) throw new NotFound(productMessages.notFound);
    return product;
  }

  return {
    /** One page (the controller gives every list a limit: never the whole catalogue). */
    async list(filters: ProductFilters) {
      const { page, limit } = withPage(filters);
      const { products: items, total } = await products.page({ ...filters, page, limit });
      return { products: items, total, page, limit };
    },

    find,

    async create(input: ProductData): Promise<ProductRecord> {
      return write(async (repo, record) => {
        const product = await repo.insert(input, clock.now());
        await record({ entity: 'producto', entityId: product._id, action: 'crear', after: audited(product) });
        return product;
      });
    },

    /** A stale `expected` version (another person saved first) is 409, never a silent overwrite. */
    async update(id: string, input: ProductData, expected: Date | undefined): Promise<ProductRecord> {
      const before = await find(id);
      const updated = await write(async (repo, record) => {
        const after = await repo.update(id, input, clock.now(), expected);
        if (after)
          await record({
            entity: 'producto',
            entityId: id,
            action: 'editar',
            before: audited(before),
            after: audited(after),
          });
        return after;
      });
      if (updated) return updated;
      await find(id);
      throw new Conflict(concurrencyMessages.staleProduct);
    },

    async remove(id: string): Promise<void> {
      const before = await find(id);
      await write(async (repo, record) => {
        if (!(await repo.delete(id))) throw new NotFound(productMessages.notFound);
        await record({ entity: 'producto', entityId: id, action: 'borrar', before: audited(before) });
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
