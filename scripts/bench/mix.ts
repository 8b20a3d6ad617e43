// Issue 17: what shoppers really do. Every request draws a new path, so no answer is ever the
// same twice: a random product of the whole catalogue, a random filter
// combination and page, a search term. Draws come from a seeded generator, so two runs ask the
// same sequence (comparable), while no two neighbouring requests are alike.
import type { Knex } from 'knex';
import { PRICE_BUCKETS } from '@gym/contracts/catalog';

const CATEGORIES = ['all', 'indumentaria', 'accesorios', 'equipos'];
const SIZES = ['xs', 's', 'm', 'l', 'xl'];
const COLOURS = ['azul', 'negro', 'gris', 'marron', 'blanco', 'rojo'];
const SORTS = ['nombre', 'precio_asc', 'precio_desc'];
/** Words of the bench catalogue's names (seed.ts) and their beginnings, as people type them. */
const TERMS = ['remera', 'calza', 'buzo', 'bolso', 'guantes', 'mancuernas', 'flex', 'dry', 'pro', 'kett', 'cam', 'sport', 'toa', 'barra'];

/** mulberry32: small, fast, seeded. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Mix {
  /** A random product of the whole catalogue. */
  product(): string;
  /** Category, half with a size, half with a colour, half with a price bucket, a sort, page 1-5. */
  list(): string;
  search(): string;
  /** What a paced visitor load asks: 45 % product pages, 45 % filtered lists, 10 % searches. */
  shopper(): string;
}

export async function loadMix(db: Knex, seed = 17): Promise<Mix> {
  const ids = ((await db('products').select('id').orderBy('id')) as { id: string }[]).map((r) => r.id);
  const random = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const half = () => random() < 0.5;
  const mix: Mix = {
    product: () => `/v1/product/${pick(ids)}`,
    list() {
      const q = new URLSearchParams({ categoria: pick(CATEGORIES) });
      if (half()) q.set('talle', pick(SIZES));
      if (half()) q.set('color', pick(COLOURS));
      if (half()) q.set('precio', String(pick(PRICE_BUCKETS)));
      if (random() < 0.6) q.set('sort', pick(SORTS));
      q.set('page', String(1 + Math.floor(random() * 5)));
      q.set('limit', '24');
      return `/v1/products?${q}`;
    },
    search: () => `/v1/products?q=${pick(TERMS)}&page=${1 + Math.floor(random() * 2)}&limit=24`,
    shopper() {
      const r = random();
      return r < 0.45 ? mix.product() : r < 0.9 ? mix.list() : mix.search();
    },
  };
  return mix;
}
