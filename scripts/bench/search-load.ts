// Issue 12 §4: name searches must not starve product reads. 50 connections search new texts as fast as
// they can (autocannon) while product reads go at a fixed 100 req/s beside them (paced.ts); the
// reads' p99 must stay under 100 ms. `make bench` runs it through nginx, as production does: the
// API refuses no search, nginx answers 429 to one address searching past 30 a second
// (docs/decisions/0003-search-limit-at-the-edge.md), so the searches' 429 are counted apart and
// are not errors. Rows go to <out>/search-load.md.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { paced } from './paced';

export const SEARCH_READS_P99_MS = 100;

export interface SearchLoad {
  size: number;
  search: { url: string; connections: number; reqPerSec: number; p99: number; ok: number; refused: number };
  reads: { url: string; rate: number; p50: number; p99: number; non2xx: number; errors: number };
  pass: boolean;
}

export async function searchBesideReads(
  api: string,
  productId: string,
  size: number,
  seconds: number,
  outDir: string,
): Promise<SearchLoad> {
  // A new text on every request ("Prod" and two random letters): an attacker does not repeat
  // himself, so no kept result helps; each search scans every name.
  const searchUrl = `${api}/v1/products?q=Prod??&page=1&limit=24`;
  const letter = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));
  const requests = [
    { setupRequest: (req: object) => ({ ...req, path: `/v1/products?q=Prod${letter()}${letter()}&page=1&limit=24` }) },
  ];
  const readUrl = `${api}/v1/product/${productId}`;
  const [search, reads] = await Promise.all([
    autocannon({ url: api, requests, connections: 50, duration: seconds }),
    paced(readUrl, 100, seconds),
  ]);
  const result: SearchLoad = {
    size,
    search: {
      url: searchUrl,
      connections: 50,
      reqPerSec: search.requests.average,
      p99: search.latency.p99,
      ok: search['2xx'],
      refused: search.non2xx,
    },
    reads: { url: readUrl, rate: 100, p50: reads.p50, p99: reads.p99, non2xx: reads.non2xx, errors: reads.errors },
    pass: reads.p99 < SEARCH_READS_P99_MS && reads.non2xx === 0 && reads.errors === 0,
  };
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'search-load.md');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(
      file,
      '| date | products | searches: req/s (2xx / 429) | searches p99 ms | reads at 100 req/s: p50 / p99 ms | reads non-2xx | p99 < 100 ms |\n|---|---:|---|---:|---|---:|---|\n',
    );
  }
  fs.appendFileSync(
    file,
    `| ${new Date().toISOString().slice(0, 16)} | ${size} | ${Math.round(result.search.reqPerSec)} (${result.search.ok} / ${result.search.refused}) | ${result.search.p99} | ${result.reads.p50.toFixed(1)} / ${result.reads.p99.toFixed(1)} | ${result.reads.non2xx + result.reads.errors} | ${result.pass ? 'yes' : '**no**'} |\n`,
  );
  return result;
}
