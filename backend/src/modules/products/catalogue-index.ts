import { priceBucketCentavos } from '@gym/contracts/catalog';
import { searchKey, type ProductFilters } from '@gym/contracts/product-filters';
import { facetMask } from './facets';

/** Totals kept per index: every facet combination fits, and the texts searched last. */
const MAX_TOTALS = 5000;
/** Terms whose matches are kept per index: 100 kB each at 100k products. */
const MAX_TERMS = 32;

/** One product as the index is built from it: [id, facet_bits, price in centavos, portada, nombre], in name order. */
export type IndexEntry = [id: string, facetBits: number, centavos: number, portada: boolean, nombre: string];

export interface IndexPage {
  ids: string[];
  total: number;
}

/**
 * The catalogue's filters and orders in this process's memory, built from one read of every
 * product (in the database's order of names, so its collation decides it) under the catalogue
 * version that read saw. A page's ids come from here without asking the database; the caller
 * uses them only while the database still shows that version (catalogue-reads.ts).
 *
 * A text search (q) tests the name in lower case, as ILIKE '%q%' does; the names holding a term
 * are found once and kept for the next searches of it.
 * Typed arrays: at 100k products the index is about 10 MB, most of it the ids and names.
 */
export function buildCatalogueIndex(version: number, entries: IndexEntry[]) {
  const size = entries.length;
  const ids = entries.map(([id]) => id);
  const bits = Int32Array.from(entries, ([, b]) => b);
  const prices = Float64Array.from(entries, ([, , p]) => p);
  const covers = Uint8Array.from(entries, ([, , , c]) => (c ? 1 : 0));
  const names = entries.map(([, , , , nombre]) => searchKey(nombre));
  const byName = Int32Array.from({ length: size }, (_, i) => i);
  // (precio, id) as the database orders them: uuids compare as their lower-case hex text.
  const byPrice = byName.slice().sort((a, b) => prices[a]! - prices[b]! || (ids[a]! < ids[b]! ? -1 : 1));
  /** The first position in byPrice whose price is above `limit`. */
  const firstAbove = (limit: number) => {
    let [low, high] = [0, size];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (prices[byPrice[middle]!]! > limit) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const totals = new Map<string, number>();
  const named = new Map<string, Uint8Array>();

  /** Which names hold the term (1 byte a product), kept for the last MAX_TERMS terms searched. */
  function withTerm(term: string): Uint8Array {
    let hits = named.get(term);
    if (!hits) {
      hits = new Uint8Array(size);
      for (let i = 0; i < size; i += 1) if (names[i]!.includes(term)) hits[i] = 1;
      if (named.size >= MAX_TERMS) named.delete(named.keys().next().value!);
    }
    named.delete(term);
    named.set(term, hits);
    return hits;
  }

  /** A test of one product against the filters, or undefined when the index cannot answer them. */
  function matcher(filters: ProductFilters): ((i: number) => boolean) | undefined {
    const mask = facetMask(filters);
    if (mask === undefined) return undefined;
    const { above, upTo } =
      filters.precio === undefined ? { above: -Infinity, upTo: null } : priceBucketCentavos(filters.precio);
    const ceiling = upTo ?? Infinity;
    const cover = filters.portada === undefined ? -1 : filters.portada ? 1 : 0;
    const facets = (i: number) =>
      (bits[i]! & mask) === mask && prices[i]! > above && prices[i]! <= ceiling && (cover < 0 || covers[i] === cover);
    if (!filters.q) return facets;
    const hits = withTerm(searchKey(filters.q));
    return (i) => hits[i] === 1 && facets(i);
  }

  /** Totals are kept: facet combinations are a few thousand at most; texts searched, the last MAX_TOTALS. */
  function total(filters: ProductFilters, matches: (i: number) => boolean): number {
    const key = JSON.stringify([
      filters.categoria,
      filters.talle,
      filters.color,
      filters.precio,
      filters.portada,
      filters.q && searchKey(filters.q),
    ]);
    let n = totals.get(key);
    if (n === undefined) {
      n = 0;
      for (let i = 0; i < size; i += 1) if (matches(i)) n += 1;
      totals.set(key, n);
      if (totals.size > MAX_TOTALS) totals.delete(totals.keys().next().value!);
    }
    return n;
  }

  return {
    version,
    size,

    /** The ids of one page and the number of matches; undefined for an unknown facet. */
    page(filters: ProductFilters & { page: number; limit: number }): IndexPage | undefined {
      const matches = matcher(filters);
      if (!matches) return undefined;
      const all = total(filters, matches);
      const offset = (filters.page - 1) * filters.limit;
      const found: string[] = [];
      if (offset >= all) return { ids: found, total: all };
      const sort = filters.sort ?? 'nombre';
      const order = sort === 'nombre' ? byName : byPrice;
      const descending = sort === 'precio_desc';
      // Sorted by price within a price bucket: only the bucket's stretch of byPrice is walked.
      let [from, to] = [0, size];
      if (sort !== 'nombre' && filters.precio !== undefined) {
        const { above, upTo } = priceBucketCentavos(filters.precio);
        [from, to] = [firstAbove(above), upTo === null ? size : firstAbove(upTo)];
      }
      let skipped = 0;
      for (let step = 0; step < to - from && found.length < filters.limit; step += 1) {
        const i = order[descending ? to - 1 - step : from + step]!;
        if (!matches(i)) continue;
        if (skipped < offset) skipped += 1;
        else found.push(ids[i]!);
      }
      return { ids: found, total: all };
    },
  };
}

export type CatalogueIndex = ReturnType<typeof buildCatalogueIndex>;
