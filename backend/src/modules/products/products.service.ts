import {
  concurrencyMessages,
  normalizeProductInput,
  productMessages,
  productSchema,
  type Product,
  type ProductFilters,
} from '@gym/contracts';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import { validate } from '../../http/validate';
import { expectedVersion } from '../../http/version';
import type { AuditedWrite } from '../audit';
import type { ProductsRepository } from './products.repository';
import { UUID } from '../../shared/ids';

/** Product ids are UUIDs; anything else is not found without asking the database. */
export const isProductId = (id: string) => UUID.test(id);

/** The page and size a list answers: the first page and 24 products unless asked. */
export const withPage = (filters: ProductFilters) => ({
  ...filters,
  page: filters.page ?? 1,
  limit: filters.limit ?? 24,
});

export function createProductsService(
  products: ProductsRepository,
  clock: Clock,
  write: AuditedWrite<ProductsRepository>,
) {
  async function find(id: string): Promise<Product> {
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

    async create(body: unknown): Promise<Product> {
      const input = normalizeProductInput(validate(productSchema, body));
      return write(async (repo, record) => {
        const product = await repo.insert(input, clock.now());
        await record({ entity: 'producto', entityId: product._id, action: 'crear', after: product });
        return product;
      });
    },

    /** A stale `updatedAt` (another person saved first) is 409, never a silent overwrite. */
    async update(id: string, body: unknown): Promise<Product> {
      const before = await find(id);
      const input = normalizeProductInput(validate(productSchema, body));
      const expected = expectedVersion(body);
      const updated = await write(async (repo, record) => {
        const after = await repo.update(id, input, clock.now(), expected);
        if (after) await record({ entity: 'producto', entityId: id, action: 'editar', before, after });
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
        await record({ entity: 'producto', entityId: id, action: 'borrar', before });
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
