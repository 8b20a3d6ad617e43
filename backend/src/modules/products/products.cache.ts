import { createHash } from 'node:crypto';

/** A JSON answer ready to send: its bytes and their weak ETag (the shape Express makes). */
export interface JsonAnswer {
  body: Buffer;
  etag: string;
}

export function jsonAnswer(value: unknown): JsonAnswer {
  return bytesAnswer([Buffer.from(JSON.stringify(value))]);
}

/** An answer from pieces of JSON already written (kept by catalogue-reads.ts). */
export function bytesAnswer(pieces: Buffer[]): JsonAnswer {
  const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  return { body, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url')}"` };
}

export interface CatalogueCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Bigger answers (the whole catalogue, unpaginated) are built every time. */
  maxEntryBytes: number;
}

/**
 * Answers of the public catalogue, kept in this process under the catalogue version (migration
 * 20261125000001) read from the database before each was built. A request reads the version first
 * and is answered from here only when the database still shows the version the answer was built
 * under, so nothing is served that is older than the last committed change, whichever replica made
 * it. A newer version empties the cache; an answer built under an older one is not kept. Least
 * recently used entries go first when a bound is reached.
 */
export function createCatalogueCache(options: CatalogueCacheOptions) {
  const entries = new Map<string, JsonAnswer>();
  let version = -1;
  let bytes = 0;

  function advanceTo(current: number) {
    if (current <= version) return;
    entries.clear();
    bytes = 0;
    version = current;
  }

  return {
    get(key: string, current: number): JsonAnswer | undefined {
      advanceTo(current);
      if (current !== version) return undefined;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },

    set(key: string, builtUnder: number, answer: JsonAnswer): void {
      advanceTo(builtUnder);
      if (builtUnder !== version || answer.body.length > options.maxEntryBytes) return;
      const previous = entries.get(key);
      if (previous) bytes -= previous.body.length;
      entries.delete(key);
      entries.set(key, answer);
      bytes += answer.body.length;
      for (const [oldest, { body }] of entries) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        entries.delete(oldest);
        bytes -= body.length;
      }
    },

    /** The version the answers held were built under (-1 before any). */
    get version() {
      return version;
    },

    get size() {
      return entries.size;
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
