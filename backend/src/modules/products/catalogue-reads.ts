import { productMessages, type Product, type ProductFilters } from '@gym/contracts';
import { NotFound } from '../../http/errors';
import { buildCatalogueIndex, type CatalogueIndex } from './catalogue-index';
import { jsonAnswer, textAnswer, type CatalogueCache, type JsonAnswer } from './products.cache';
import type { ProductsRepository } from './products.repository';
import { isProductId, withPage, type ProductsService } from './products.service';
import { sharedBatch } from './shared-read';

export interface CatalogueReadsOptions {
  /** Products whose JSON is kept (the oldest kept goes first): about 500 bytes each. */
  maxProducts: number;
  /** The index is rebuilt at most once in this time; meanwhile a stale index is not used. */
  minRebuildGapMs: number;
}

/** Each product's JSON under one catalogue version; a newer version empties it. */
function productTexts(maxProducts: number) {
  const texts = new Map<string, string>();
  let version = -1;
  return {
    get: (id: string, at: number) => (at === version ? texts.get(id) : undefined),
    get version() {
      return version;
    },
    set(id: string, at: number, text: string) {
      if (at > version) {
        texts.clear();
        version = at;
      }
      if (at !== version) return;
      texts.delete(id);
      texts.set(id, text);
      if (texts.size > maxProducts) texts.delete(texts.keys().next().value!);
    },
  };
}

/**
 * The public catalogue's reads (GET /v1/products without a search, GET /v1/product/:id), fast on
 * what shoppers do: every request a different page, filter or product (bench/results.md).
 *
 * - Each request waits for one statement that started after it arrived and reads, in one snapshot,
 *   the catalogue version and the products it needs that this process does not hold under that
 *   version; every request that came meanwhile shares it (shared-read.ts). So an answer is never
 *   older than the last change committed before the request, whichever replica made it.
 * - A page's ids come from the in-memory index (catalogue-index.ts), used only when it was built
 *   under the version that statement saw; otherwise the page is read by SQL and a new index is
 *   built in the background.
 * - Whole answers are still kept by URL (products.cache.ts), under the same version rule.
 */
export function createCatalogueReads(
  repository: ProductsRepository,
  service: ProductsService,
  cache: CatalogueCache,
  options: CatalogueReadsOptions,
) {
  const texts = productTexts(options.maxProducts);
  const load = sharedBatch((ids) => repository.versionAndRows(ids));
  let index: CatalogueIndex | undefined;
  let building: Promise<void> | undefined;
  let lastBuild = -Infinity;

  /** Keeps the products read under `version`; their JSON by id. */
  function keep(version: number, products: Product[]): Map<string, string> {
    const fresh = new Map<string, string>();
    for (const product of products) {
      const text = JSON.stringify(product);
      fresh.set(product._id, text);
      texts.set(product._id, version, text);
    }
    return fresh;
  }

  /** One build at a time, at most one per minRebuildGapMs; a failed build is retried by a later read. */
  function rebuild(seen: number) {
    if (building || (index && index.version >= seen)) return;
    if (Date.now() - lastBuild < options.minRebuildGapMs) return;
    lastBuild = Date.now();
    building = repository
      .indexEntries()
      .then(({ version, entries }) => {
        if (version !== undefined && (!index || version > index.version)) index = buildCatalogueIndex(version, entries);
      })
      .catch(() => undefined)
      .finally(() => {
        building = undefined;
      });
  }

  async function list(filters: ProductFilters): Promise<JsonAnswer> {
    const asked = withPage(filters);
    const key = `list:${JSON.stringify(filters)}`;
    // An answer kept under the cache's version needs no index walk if that version is still current.
    const cachedAt = cache.version;
    const candidate = cache.get(key, cachedAt);
    const held = candidate ? undefined : index;
    const found = held?.page(asked);
    const known = found ? found.ids.map((id) => texts.get(id, held!.version)) : [];
    const { version, products } = await load(found ? found.ids.filter((_, i) => known[i] === undefined) : []);
    if (version === undefined) return jsonAnswer(await service.list(filters));
    if (candidate && version === cachedAt) return candidate;
    const hit = cache.get(key, version);
    if (hit) return hit;
    let built: JsonAnswer;
    if (found && held!.version === version) {
      const fresh = keep(version, products);
      const items = found.ids.map((id, i) => known[i] ?? fresh.get(id));
      const page = `"total":${found.total},"page":${asked.page},"limit":${asked.limit}`;
      built = items.includes(undefined)
        ? jsonAnswer(await service.list(filters))
        : textAnswer(`{"products":[${items.join(',')}],${page}}`);
    } else {
      rebuild(version);
      built = jsonAnswer(await service.list(filters));
    }
    cache.set(key, version, built);
    return built;
  }

  /** `id` in lower case. The JSON held is used when the version read after the request is still its own. */
  async function product(id: string): Promise<JsonAnswer> {
    if (!isProductId(id)) throw new NotFound(productMessages.notFound);
    const heldAt = texts.version;
    const held = texts.get(id, heldAt);
    const first = await load(held === undefined ? [id] : []);
    if (first.version === undefined) return jsonAnswer({ product: await service.find(id) });
    let text = held !== undefined && first.version === heldAt ? held : keep(first.version, first.products).get(id);
    if (text === undefined && held !== undefined) {
      // The copy held is of an older version: read the product again.
      const again = await load([id]);
      if (again.version === undefined) return jsonAnswer({ product: await service.find(id) });
      text = keep(again.version, again.products).get(id);
    }
    if (text === undefined) throw new NotFound(productMessages.notFound);
    return textAnswer(`{"product":${text}}`);
  }

  return {
    list,
    product,
    /** Resolves when no index build is running (for tests). */
    settled: () => building ?? Promise.resolve(),
  };
}

export type CatalogueReads = ReturnType<typeof createCatalogueReads>;
