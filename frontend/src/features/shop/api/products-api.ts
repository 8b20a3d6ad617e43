import type { Product } from '@gym/contracts/products';
import type { ProductFilters } from '@gym/contracts/product-filters';
import { api } from '@/api/client';

export interface ProductPage {
  products: Product[];
  total?: number;
  page?: number;
  limit?: number;
}

/** The API filters in SQL (DESIGN: the contract); only the filters that are set are sent. */
export function getProducts(filters: ProductFilters, signal?: AbortSignal): Promise<ProductPage> {
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) searchParams.set(key, String(value));
  }
  return api.get('products', { searchParams, signal }).json<ProductPage>();
}

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api
    .get(`product/${encodeURIComponent(id)}`, { signal })
    .json<{ product: Product }>()
    .then((body) => body.product);
}
