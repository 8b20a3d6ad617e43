import type { Knex } from 'knex';
import { routeTable, type RouteEntry } from '../../test/route-table';
import type { TestApp } from '../../test/test-app';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

export const describeRoute = (r: RouteEntry) => `${r.method} ${r.path}`;

/** Every registered route, read from the app itself: routes other modules add are walked too. */
export const routesOf = (t: TestApp) => routeTable(t.app);

/** A concrete path: product ids become a real product (so a request that got through would change it). */
export function concretePath(route: RouteEntry, productId: string, fill?: (name: string) => string): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (fill) return fill(name);
    return route.path.includes('/product') ? productId : ZERO_UUID;
  });
}

export async function anyProductId(db: Knex): Promise<string> {
  const row = (await db('products').select('id').orderBy('id').first()) as { id: string };
  return row.id;
}

export function cookieOf(setCookie: unknown): string {
  const first = (setCookie as string[] | undefined)?.[0];
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0]!;
}
