import type { Product, ProductInput } from '@gym/contracts/products';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  limit: number;
}

/** One page of the catalogue, searched by name in SQL (the API's q). */
export function listProducts(query: { q: string; page: number; limit: number }, signal?: AbortSignal) {
  const searchParams = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q) searchParams.set('q', query.q);
  return api.get('products', { searchParams, signal }).json<ProductPage>();
}

const productPath = (id: string) => `product/${encodeURIComponent(id)}`;

export const getProduct = (id: string, signal?: AbortSignal) =>
  api
    .get(productPath(id), { signal })
    .json<{ product: Product }>()
    .then((body) => body.product);

export const createProduct = (input: ProductInput) =>
  changing(
    ['products'],
    api
      .post('products', { json: input })
      .json<{ product: Product }>()
      .then((body) => body.product),
  );

/** `updatedAt` is the version the edit started from: a newer save by someone else answers 409. */
export const updateProduct = (id: string, input: ProductInput, updatedAt: string) =>
  changing(
    ['products', 'orders'],
    api
      .put(productPath(id), { json: { ...input, updatedAt } })
      .json<{ product: Product }>()
      .then((body) => body.product),
  );

export const deleteProduct = async (id: string): Promise<void> => {
  await changing(['products'], api.delete(productPath(id)));
};
