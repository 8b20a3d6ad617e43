// The bench's results: the targets of issue 6 checked against one run, and the JSON + Markdown files.
import fs from 'node:fs';
import path from 'node:path';
import type { Plan } from './explain';
import type { LoadOptions, Measure } from './load';

export interface Dataset {
  size: number;
  matchingProducts: number;
  /** 20, or the last page when fewer products match. */
  deepPage: number;
  routes: Record<string, Measure>;
  plans: Plan[];
  /** The API process's resident memory after this size's runs. */
  apiRssMB: number;
}

export interface Target {
  name: string;
  value: string;
  required: string;
  stretch: string;
  pass: boolean;
  stretchPass: boolean;
  /** Correctness (errors, sequential scans) rather than speed: always fails the run. */
  hard: boolean;
}

export interface Results {
  date: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    node: string;
    postgres: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  settings: LoadOptions & { connections: number; fixedRate: number; listQuery: string; deepPage: number };
  baseline: Measure;
  healthz: Measure;
  /** A public /v1 route with no database work: every /v1 middleware and every module's routes before it. */
  v1Chain: Measure;
  datasets: Dataset[];
  targets: Target[];
}

// [required, stretch] by catalogue size. The mix rows (issue 17) draw a new path per request; the
// "cached" rows (issue 6) repeat one URL, which the per-process cache answers.
const RATIO_TARGETS: Record<string, { routes: string[]; bySize: Record<number, [number, number]> }> = {
  'random product by id': { routes: ['mixProductById'], bySize: { 10000: [0.45, 0.5], 100000: [0.4, 0.45] } },
  'random filtered pages': { routes: ['mixList'], bySize: { 10000: [0.3, 0.35], 100000: [0.25, 0.3] } },
  'product by id': { routes: ['productById'], bySize: { 10000: [0.35, 0.5], 100000: [0.35, 0.5] } },
  'filtered list': { routes: ['listPage1', 'listPage20'], bySize: { 10000: [0.2, 0.3], 100000: [0.12, 0.2] } },
};
const P99_TARGETS: Record<string, Record<number, [number, number]>> = {
  nginxMix: { 10000: [25, 15], 100000: [40, 25] },
  nginxListPage1: { 10000: [15, 10], 100000: [30, 20] },
  nginxListPage20: { 10000: [15, 10], 100000: [30, 20] },
};
const RSS_TARGET_MB = 250;

const label = (route: string, d: Dataset) =>
  ({
    mixProductById: 'mix: a random product by id',
    mixList: 'mix: random filters, sort and page 1-5',
    mixSearch: 'mix: random search terms (8 connections)',
    nginxMix: 'mix: shoppers through nginx at 200 req/s (10 % searches)',
    productById: 'cached: GET /v1/product/:id',
    listPage1: 'cached: filtered list, page 1',
    listPage20: `cached: filtered list, page ${d.deepPage}`,
    nginxListPage1: 'cached: filtered list, page 1, through nginx at 100 req/s',
    nginxListPage20: `cached: filtered list, page ${d.deepPage}, through nginx at 100 req/s`,
  })[route] ?? route;

/** Against the baseline runs taken in turn with this route when there are some. */
const ratio = (m: Measure, base: Measure) => m.reqPerSec / (m.baseline ?? base).reqPerSec;
const fmt = (n: number) => n.toFixed(2);

export function checkTargets(r: Results): Target[] {
  const targets: Target[] = [];
  const speed = (name: string, value: number, [required, stretch]: [number, number], lowerIsBetter = false) =>
    targets.push({
      name,
      value: lowerIsBetter ? `${value} ms` : `${fmt(value)}x`,
      required: lowerIsBetter ? `<= ${required} ms` : `>= ${required}x`,
      stretch: lowerIsBetter ? `<= ${stretch} ms` : `>= ${stretch}x`,
      pass: lowerIsBetter ? value <= required : value >= required,
      stretchPass: lowerIsBetter ? value <= stretch : value >= stretch,
      hard: false,
    });
  speed('full middleware stack (/healthz) vs bare Express', ratio(r.healthz, r.baseline), [0.6, 0.75]);
  for (const d of r.datasets) {
    for (const t of Object.values(RATIO_TARGETS)) {
      const limits = t.bySize[d.size];
      if (!limits) continue;
      for (const route of t.routes) speed(`${label(route, d)} at ${d.size}`, ratio(d.routes[route]!, r.baseline), limits);
    }
    for (const [route, bySize] of Object.entries(P99_TARGETS)) {
      const limits = bySize[d.size];
      if (limits && d.routes[route]) speed(`${label(route, d)}: p99 at ${d.size}`, d.routes[route].p99, limits, true);
    }
  }
  const largestRun = r.datasets.at(-1);
  if (largestRun && largestRun.size >= 100000) {
    targets.push({
      name: `API resident memory after the ${largestRun.size} runs`,
      value: `${largestRun.apiRssMB} MB`,
      required: `<= ${RSS_TARGET_MB} MB`,
      stretch: `<= ${RSS_TARGET_MB} MB`,
      pass: largestRun.apiRssMB <= RSS_TARGET_MB,
      stretchPass: largestRun.apiRssMB <= RSS_TARGET_MB,
      hard: false,
    });
  }
  const all = [r.baseline, r.healthz, r.v1Chain, ...r.datasets.flatMap((d) => Object.values(d.routes))];
  const bad = all.reduce((sum, m) => sum + m.non2xx + m.errors, 0);
  targets.push({
    name: 'non-2xx answers and errors, all routes',
    value: String(bad),
    required: '0',
    stretch: '0',
    pass: bad === 0,
    stretchPass: bad === 0,
    hard: true,
  });
  const largest = r.datasets.reduce((max, d) => Math.max(max, d.size), 0);
  for (const d of r.datasets.filter((x) => x.size === largest && x.size >= 100000)) {
    const scans = d.plans.filter((p) => p.seqScanOnProducts).map((p) => p.name);
    targets.push({
      name: `EXPLAIN of the list queries at ${d.size}: Seq Scan on products`,
      value: scans.length ? scans.join('; ') : 'none',
      required: 'none',
      stretch: 'none',
      pass: scans.length === 0,
      stretchPass: scans.length === 0,
      hard: true,
    });
  }
  return targets;
}

function row(label: string, m: Measure, base: Measure) {
  const rate = m.rate ? `${m.rate} (fixed)` : String(Math.round(m.reqPerSec));
  const r = m.rate ? 'n/a' : `${fmt(ratio(m, base))}x`;
  const paired = m.baseline ? String(Math.round(m.baseline.reqPerSec)) : '';
  return `| ${label} | ${rate} | ${m.p50} | ${m.p99} | ${paired} | ${r} | ${m.non2xx + m.errors} |`;
}

export function renderMarkdown(r: Results): string {
  const lines = [
    `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine.cpu}, ${r.machine.cores} cores, ` +
      `${r.machine.memoryGiB} GiB, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}; load average ` +
      `${r.machine.loadAverageBefore.join(' / ')} before, ${r.machine.loadAverageAfter.join(' / ')} after. ` +
      `autocannon on the same machine, ${r.settings.connections} connections, ${r.settings.warmup} s warm-up, ` +
      `median of ${r.settings.runs} runs of ${r.settings.duration} s; each route's runs alternate with runs of the ` +
      `baseline, and its ratio is to the median of those (the machine is shared: load drifts). The fixed-rate rows ` +
      `are an evenly paced open-loop load (scripts/bench/paced.ts: one request every 10 ms, latency from when it was ` +
      `due), not autocannon's overallRate, which sends each second's quota in one burst.`,
    '',
    '| route | req/s | p50 ms | p99 ms | baseline req/s, in turn | vs bare Express | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('bare Express 5 hello-JSON (baseline)', r.baseline, r.baseline),
    row('GET /healthz (full middleware stack, no database)', r.healthz, r.baseline),
    row('GET /v1/weather (the whole /v1 chain, no database: answer from its cache)', r.v1Chain, r.baseline),
  ];
  for (const d of r.datasets) {
    for (const [key, m] of Object.entries(d.routes)) lines.push(row(`${d.size}: ${label(key, d)}`, m, r.baseline));
  }
  lines.push(
    '',
    `API resident memory after each size's runs: ${r.datasets.map((d) => `${d.apiRssMB} MB at ${d.size}`).join(', ')}.`,
    '',
    'Mix rows (scripts/bench/mix.ts): every request draws a new path from a seeded generator: a product id of the ' +
      'whole catalogue; a category with, each half the time, a size, a colour and a price bucket, a sort 60 % of the ' +
      'time and page 1-5; a search term or its beginning. The nginx row mixes 45 % products, 45 % lists, 10 % searches. ' +
      'The cached rows repeat one URL: the index and the JSON each process holds answer it, the stock read fresh.',
    '',
    `Filtered list: \`${r.settings.listQuery}\` (page ${r.settings.deepPage} likewise, or the last page when ` +
      'fewer match); matching products: ' +
      r.datasets.map((d) => `${d.matchingProducts} of ${d.size} (${Math.ceil(d.matchingProducts / 24)} pages)`).join(', ') +
      '.',
    '',
    '| target | measured | required | stretch | |',
    '|---|---|---|---|---|',
    ...r.targets.map(
      (t) =>
        `| ${t.name} | ${t.value} | ${t.required} | ${t.stretch} | ${t.stretchPass ? 'stretch met' : t.pass ? 'met' : '**missed**'} |`,
    ),
    '',
    'Query plans (EXPLAIN ANALYZE of the SQL the repository sends) are in results.json; their execution times:',
    '',
    '| size | query | execution ms | Seq Scan on products |',
    '|---|---|---:|---|',
    ...r.datasets.flatMap((d) =>
      d.plans.map((p) => `| ${d.size} | ${p.name} | ${p.executionMs} | ${p.seqScanOnProducts ? 'yes' : 'no'} |`),
    ),
  );
  return lines.join('\n') + '\n';
}

export function writeReport(r: Results, outDir: string) {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(r, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'results.md'), renderMarkdown(r));
}
