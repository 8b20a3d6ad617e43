import type { Logger } from 'pino';
import { productMessages } from '@gym/contracts/messages';
import type { ProductFilters } from '@gym/contracts/product-filters';
import { NotFound } from '../../shared/errors';
import { buildCatalogueIndex, type CatalogueIndex, type IndexPage } from './catalogue-index';
import { bytesAnswer, jsonAnswer, type JsonAnswer } from './json-answer';
import { MAX_CHANGED, type ProductsRepository } from './products.repository';
import { isProductId, withPage, type ProductsService } from './products.service';
import { toWireProduct } from './products.wire';
import { sharedBatch } from './shared-read';

export interface CatalogueReadsOptions {
  /** Products whose JSON is kept (the oldest kept goes first): about 1 kB each. */
  maxProducts: number;
  /** The index is rebuilt at most once in this time; meanwhile a stale index is not used. */
  minRebuildGapMs: number;
  /** Off: pages and searches are always read by SQL (CATALOGUE_INDEX=false). */
  index?: boolean;
  /** Told of each index built (size, milliseconds) and of a failed build. */
  log?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * Each product's JSON as UTF-8 bytes (outside the JS heap), under one catalogue version; a product
 * whose stock changed is forgotten.
 */
function productTexts(maxProducts: number) {
  const texts = new Map<string, Buffer>();
  let version = -1;
  return {
    get version() {
      return version;
    },
    get: (id: string) => texts.get(id),
    /** Another version (a later one; or an earlier one after a restore from a backup) empties it. */
    moveTo(to: number) {
      if (to === version) return;
      texts.clear();
      version = to;
    },
    forget(ids: readonly string[]) {
      if (ids.length > MAX_CHANGED) texts.clear();
      else for (const id of ids) texts.delete(id);
    },
    set(id: string, bytes: Buffer) {
      texts.delete(id);
      texts.set(id, bytes);
      if (texts.size > maxProducts) texts.delete(texts.keys().next().value!);
    },
  };
}

/** The catalogue version a read saw and the JSON of the products it found, all of that snapshot. */
interface Read {
  version: number | undefined;
  texts: Map<string, Buffer>;
}

const PAGE_START = Buffer.from('{"products":[');
const PRODUCT_START = Buffer.from('{"product":');
const COMMA = Buffer.from(',');
const END = Buffer.from('}');

/** The pieces with a comma between each two. */
const joined = (items: Buffer[]) => items.flatMap((item, i) => (i === 0 ? [item] : [COMMA, item]));

/**
 * The public catalogue's reads (GET /v1/products, GET /v1/product/:id), fast on what shoppers do:
 * every request a different page, filter, search or product (bench/results.md,
 * docs/decisions/0001-catalogue-index.md).
 *
 * - A page's ids come from the in-memory index (catalogue-index.ts), used only when it was built
 *   under the catalogue version the database shows now; otherwise the page is read by SQL and a new
 *   index is built in the background. Staff changes move that version; sales do not.
 * - Each request waits for one statement that started after it arrived and reads, in one snapshot,
 *   the catalogue version, the products whose stock changed since the last such read, and the JSON
 *   of the products it shows that this process does not hold (or held before their stock changed);
 *   the requests that came meanwhile share it (shared-read.ts). So an answer, stock included, is
 *   never older than the last change committed before the request, whichever replica made it.
 */
export function createCatalogueReads(
  repository: ProductsRepository,
  service: ProductsService,
  options: CatalogueReadsOptions,
) {
  const texts = productTexts(options.maxProducts);
  let index: CatalogueIndex | undefined;
  let building: Promise<void> | undefined;
  let lastBuild = -Infinity;

  /** The oldest transaction still running at the last read's snapshot (none before the first read). */
  let watermark: string | null = null;

  /**
   * The products' JSON as of one snapshot. Whatever changed since the last read is forgotten first:
   * a change that read did not see was made by a transaction at least as recent as its watermark.
   * Asked again when the catalogue changed under what was held.
   */
  async function read(ids: string[]): Promise<Read> {
    for (;;) {
      const at = texts.version;
      const held = new Map<string, Buffer>();
      for (const id of ids) {
        const bytes = texts.get(id);
        if (bytes) held.set(id, bytes);
      }
      const wanted = ids.filter((id) => !held.has(id));
      const found = await repository.versionAndJson(wanted, [...held.keys()], watermark);
      if (found.version === undefined) return { version: undefined, texts: new Map() };
      watermark = found.watermark;
      texts.moveTo(found.version);
      texts.forget(found.changed);
      // What was held is gone (another catalogue version, or too many changes to list) and was not
      // asked for: ask again.
      if (held.size > 0 && (found.version !== at || found.changed.length > MAX_CHANGED)) continue;
      const answer = new Map<string, Buffer>();
      for (const [id, json] of found.json) {
        // PostgreSQL writes `"key" : value`; re-written as JSON.stringify writes it, an answer's bytes
        // (and so its ETag) are the same whether the index or SQL found the page.
        const bytes = Buffer.from(JSON.stringify(JSON.parse(json)));
        texts.set(id, bytes);
        answer.set(id, bytes);
      }
      const changed = new Set(found.changed);
      for (const [id, bytes] of held) if (!answer.has(id) && !changed.has(id)) answer.set(id, bytes);
      return { version: found.version, texts: answer };
    }
  }
  const load = sharedBatch(read);

  /** One build at a time, at most one per minRebuildGapMs; a failed build is retried by a later read. */
  function rebuild(seen: number) {
    if (options.index === false || building || index?.version === seen) return;
    if (Date.now() - lastBuild < options.minRebuildGapMs) return;
    const started = Date.now();
    lastBuild = started;
    building = repository
      .indexEntries()
      .then(({ version, entries }) => {
        if (version === undefined || version === index?.version) return;
        index = buildCatalogueIndex(version, entries);
        options.log?.info({ version, products: index.size, ms: Date.now() - started }, 'catalogue index built');
      })
      .catch((err: unknown) => options.log?.warn({ err }, 'catalogue index not built: pages are read by SQL'))
      .finally(() => {
        building = undefined;
      });
  }

  /** The page `found` in the index held, if the database still shows the index's version. */
  async function fromIndex(held: CatalogueIndex, asked: ReturnType<typeof withPage>, found: IndexPage) {
    const { version, texts: read } = await load(found.ids);
    const items = found.ids.map((id) => read.get(id));
    if (version !== held.version || items.includes(undefined)) return { version, answer: undefined };
    const page = `],"total":${found.total},"page":${asked.page},"limit":${asked.limit}}`;
    return { version, answer: bytesAnswer([PAGE_START, ...joined(items as Buffer[]), Buffer.from(page)]) };
  }

  /** A page, with or without a text search: from the index when it is current, else by SQL. */
  async function list(filters: ProductFilters): Promise<JsonAnswer> {
    const held = index;
    const asked = withPage(filters);
    const found = held?.page(asked);
    if (!held) rebuild(Infinity);
    else if (found) {
      const { version, answer } = await fromIndex(held, asked, found);
      if (answer) return answer;
      if (version !== undefined) rebuild(version);
    }
    const bySql = await service.list(filters);
    return jsonAnswer({ ...bySql, products: bySql.products.map(toWireProduct) });
  }

  /** `id` in lower case, as of a read that started after the request. */
  async function product(id: string): Promise<JsonAnswer> {
    if (!isProductId(id)) throw new NotFound(productMessages.notFound);
    const { version, texts: read } = await load([id]);
    if (version === undefined) return jsonAnswer({ product: toWireProduct(await service.find(id)) });
    const text = read.get(id);
    if (text === undefined) throw new NotFound(productMessages.notFound);
    return bytesAnswer([PRODUCT_START, text, END]);
  }

  return {
    list,
    product,
    /** Builds the index now (at start), so the first shoppers need not wait for a read to ask for it. */
    warm: () => rebuild(Infinity),
    /** Resolves when no index build is running (for tests). */
    settled: () => building ?? Promise.resolve(),
  };
}

export type CatalogueReads = ReturnType<typeof createCatalogueReads>;
