import type { Logger } from 'pino';
import { productMessages, securityMessages, type ProductFilters } from '@gym/contracts';
import { NotFound, TooManyRequests } from '../../http/errors';
import { buildCatalogueIndex, type CatalogueIndex, type IndexPage } from './catalogue-index';
import { bytesAnswer, jsonAnswer, type CatalogueCache, type JsonAnswer } from './products.cache';
import type { ProductsRepository } from './products.repository';
import { isProductId, withPage, type ProductsService } from './products.service';
import { sharedBatch } from './shared-read';

export interface CatalogueReadsOptions {
  /** Products whose JSON is kept (the oldest kept goes first): about 1 kB each. */
  maxProducts: number;
  /** The index is rebuilt at most once in this time; meanwhile a stale index is not used. */
  minRebuildGapMs: number;
  /** Off: pages and searches are always read by SQL (CATALOGUE_INDEX=false). */
  index?: boolean;
  /** Milliseconds of this thread that text searches may take in each second. */
  searchMsPerSecond: number;
  /** Told of each index built (size, milliseconds) and of a failed build. */
  log?: Pick<Logger, 'info' | 'warn'>;
}

const WINDOW_MS = 100;
/**
 * A refused search is answered after this pause: a client that searches again as soon as it is
 * refused (a flood) then asks a few times a second instead of thousands, and the thread stays
 * free for everyone else's reads.
 */
const REFUSAL_PAUSE_MS = 250;
/** Searches that wait for the next window when this one's time is spent; past them, 429. */
const MAX_WAITING_SEARCHES = 8;

/** The thread's time spent in windows of WINDOW_MS, against a limit; a few may wait for the next window. */
function timeBudget(msPerSecond: number) {
  const allowance = (msPerSecond * WINDOW_MS) / 1000;
  let windowStart = -Infinity;
  let spent = 0;
  let waiting = 0;
  const refresh = () => {
    const now = performance.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      spent = 0;
    }
    return now;
  };
  return {
    /** True when the time may be spent now (checked and spent in the same synchronous stretch). */
    now(): boolean {
      refresh();
      return spent < allowance;
    },
    /** True once a window has room (waiters go first, before new requests are read); false past the queue. */
    async wait(): Promise<boolean> {
      if (allowance <= 0 || waiting >= MAX_WAITING_SEARCHES) return false;
      waiting += 1;
      try {
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, windowStart + WINDOW_MS - performance.now()));
          refresh();
          if (spent < allowance) return true;
        }
      } finally {
        waiting -= 1;
      }
    },
    spend(ms: number) {
      spent += ms;
    },
  };
}

/**
 * Each product's JSON under one catalogue version, as UTF-8 bytes (outside the JS heap, and half
 * the size of a JS string once a text has an accent); a newer version empties it.
 */
function productTexts(maxProducts: number) {
  const texts = new Map<string, Buffer>();
  let version = -1;
  return {
    get: (id: string, at: number) => (at === version ? texts.get(id) : undefined),
    get version() {
      return version;
    },
    set(id: string, at: number, text: Buffer) {
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

const PAGE_START = Buffer.from('{"products":[');
const PRODUCT_START = Buffer.from('{"product":');
const COMMA = Buffer.from(',');
const END = Buffer.from('}');

/** The pieces with a comma between each two. */
const joined = (items: Buffer[]) => items.flatMap((item, i) => (i === 0 ? [item] : [COMMA, item]));

/**
 * The public catalogue's reads (GET /v1/products, GET /v1/product/:id), fast on
 * what shoppers do: every request a different page, filter or product (bench/results.md).
 *
 * - Each request waits for one statement that started after it arrived and reads, in one snapshot,
 *   the catalogue version and the products it needs that this process does not hold under that
 *   version; every request that came meanwhile shares it (shared-read.ts). So an answer is never
 *   older than the last change committed before the request, whichever replica made it.
 * - A page's ids come from the in-memory index (catalogue-index.ts), used only when it was built
 *   under the version that statement saw; otherwise the page is read by SQL and a new index is
 *   built in the background.
 * - Whole answers are still kept by URL (products.cache.ts), under the same version rule; text
 *   searches are not (their keys are as many as the texts people type).
 */
export function createCatalogueReads(
  repository: ProductsRepository,
  service: ProductsService,
  cache: CatalogueCache,
  options: CatalogueReadsOptions,
) {
  const texts = productTexts(options.maxProducts);
  const budget = timeBudget(options.searchMsPerSecond);
  const load = sharedBatch((ids) => repository.versionAndJson(ids));
  let index: CatalogueIndex | undefined;
  let building: Promise<void> | undefined;
  let lastBuild = -Infinity;

  /** Keeps the products' JSON read under `version`; their bytes by id. */
  function keep(version: number, json: Map<string, string>): Map<string, Buffer> {
    const fresh = new Map<string, Buffer>();
    for (const [id, text] of json) {
      const bytes = Buffer.from(text);
      fresh.set(id, bytes);
      texts.set(id, version, bytes);
    }
    return fresh;
  }

  /** One build at a time, at most one per minRebuildGapMs; a failed build is retried by a later read. */
  function rebuild(seen: number) {
    if (options.index === false || building || (index && index.version >= seen)) return;
    if (Date.now() - lastBuild < options.minRebuildGapMs) return;
    const started = Date.now();
    lastBuild = started;
    building = repository
      .indexEntries()
      .then(({ version, entries }) => {
        if (version === undefined || (index && version <= index.version)) return;
        index = buildCatalogueIndex(version, entries);
        options.log?.info({ version, products: index.size, ms: Date.now() - started }, 'catalogue index built');
      })
      .catch((err: unknown) => options.log?.warn({ err }, 'catalogue index not built: pages are read by SQL'))
      .finally(() => {
        building = undefined;
      });
  }

  /** The page `found` in the index held, with the JSON of its products, if the index is still current. */
  async function fromIndex(held: CatalogueIndex, asked: ReturnType<typeof withPage>, found: IndexPage) {
    const known = found.ids.map((id) => texts.get(id, held.version));
    const { version, json } = await load(found.ids.filter((_, i) => known[i] === undefined));
    if (version !== held.version) return { version, answer: undefined };
    const fresh = keep(version, json);
    const items = found.ids.map((id, i) => known[i] ?? fresh.get(id));
    if (items.includes(undefined)) return { version, answer: undefined };
    const page = `],"total":${found.total},"page":${asked.page},"limit":${asked.limit}}`;
    return { version, answer: bytesAnswer([PAGE_START, ...joined(items as Buffer[]), Buffer.from(page)]) };
  }

  /** A page without a text search: kept by URL, else from the index, else by SQL. */
  async function list(filters: ProductFilters): Promise<JsonAnswer> {
    const asked = withPage(filters);
    const key = `list:${JSON.stringify(filters)}`;
    // An answer kept under the cache's version needs no index walk if that version is still current.
    const cachedAt = cache.version;
    const candidate = cache.get(key, cachedAt);
    const held = candidate ? undefined : index;
    const found = held?.page(asked);
    const { version, answer } = found
      ? await fromIndex(held!, asked, found)
      : { ...(await load([])), answer: undefined };
    if (version === undefined) return jsonAnswer(await service.list(filters));
    if (candidate && version === cachedAt) return candidate;
    const hit = cache.get(key, version);
    if (hit) return hit;
    if (!answer) rebuild(version);
    const built = answer ?? jsonAnswer(await service.list(filters));
    cache.set(key, version, built);
    return built;
  }

  /**
   * A text search from the index, within a budget of this thread's time (past it, a few wait for
   * the next 100 ms and the rest are 429 after a pause): undefined
   * when the index is not of the current version (the caller searches by SQL, a few at once).
   */
  async function search(filters: ProductFilters): Promise<JsonAnswer | undefined> {
    if (!index) {
      rebuild(Infinity);
      return undefined;
    }
    if (!budget.now() && !(await budget.wait())) {
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
      throw new TooManyRequests(securityMessages.searchBusy, 1);
    }
    const held = index;
    const started = performance.now();
    const asked = withPage(filters);
    const found = held.page(asked);
    const pending = found && fromIndex(held, asked, found);
    budget.spend(performance.now() - started);
    if (!pending) return undefined;
    const { version, answer } = await pending;
    if (version !== undefined && !answer) rebuild(version);
    return answer;
  }

  /** `id` in lower case. The JSON held is used when the version read after the request is still its own. */
  async function product(id: string): Promise<JsonAnswer> {
    if (!isProductId(id)) throw new NotFound(productMessages.notFound);
    const heldAt = texts.version;
    const held = texts.get(id, heldAt);
    const first = await load(held === undefined ? [id] : []);
    if (first.version === undefined) return jsonAnswer({ product: await service.find(id) });
    let text = held !== undefined && first.version === heldAt ? held : keep(first.version, first.json).get(id);
    if (text === undefined && held !== undefined) {
      // The copy held is of an older version: read the product again.
      const again = await load([id]);
      if (again.version === undefined) return jsonAnswer({ product: await service.find(id) });
      text = keep(again.version, again.json).get(id);
    }
    if (text === undefined) throw new NotFound(productMessages.notFound);
    return bytesAnswer([PRODUCT_START, text, END]);
  }

  return {
    list,
    search,
    product,
    /** Builds the index now (at start), so the first shoppers need not wait for a read to ask for it. */
    warm: () => rebuild(Infinity),
    /** Resolves when no index build is running (for tests). */
    settled: () => building ?? Promise.resolve(),
  };
}

export type CatalogueReads = ReturnType<typeof createCatalogueReads>;
