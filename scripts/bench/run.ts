// `make bench`: seeds a throwaway PostgreSQL database with N products (10k, then 100k), starts
// the production API (node backend/dist/server.js, NODE_ENV=production) and nginx exactly as the
// browser tests do (scripts/e2e/stack.js), and measures each route with autocannon against a
// bare Express baseline started the same way. Writes bench/results.json and bench/results.md.
//
// Env: DATABASE_URL (server to create the bench database on), BENCH_SIZES (10000,100000),
// BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 3), BENCH_RUNS (3), BENCH_OUT (bench),
// E2E_API_PORT / E2E_WEB_PORT (18180 / 18181), BENCH_BASELINE_PORT (18190). Exits 1 on any non-2xx
// answer or a Seq Scan on products at 100k; with BENCH_STRICT=1 also on a missed speed target.
// BENCH_CATALOGUE_ONLY=1 skips the checkout and desk rows (while working on the catalogue);
// BENCH_CHECKOUT_ONLY=1 measures the checkout row alone (the catalogue then holds only its products).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { migrateLatest } from '@gym/db';
import { createBenchDatabase, ROOT } from './database';
import type { ProductFilters } from '@gym/contracts/product-filters';
import { benchClasses } from './classes';
import { benchDesk, staffCookie } from './desk';
import { benchReports } from './reports';
import { explainListQueries, type Plan } from './explain';
import { measure, type LoadOptions, type Measure, type Target } from './load';
import { loadMix } from './mix';
import { seedBenchProducts } from './seed';
import { searchBesideReads } from './search-load';
import { CHECKOUT_ENV, benchCheckout, writeCheckoutRow, type CheckoutMeasure } from './checkout';
import { checkTargets, writeReport, type Results } from './report';

const env = process.env;
const SIZES = (env.BENCH_SIZES || '10000,100000').split(',').map(Number);
const LOAD: LoadOptions = {
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  runs: Number(env.BENCH_RUNS || 3),
};
const OUT = path.resolve(ROOT, env.BENCH_OUT || 'bench');
env.E2E_API_PORT ||= '18180';
env.E2E_WEB_PORT ||= '18181';
const API = `http://127.0.0.1:${env.E2E_API_PORT}`;
const WEB = `https://127.0.0.1:${env.E2E_WEB_PORT}`; // nginx over TLS (autocannon does not check the run's certificate)
const BASELINE_PORT = Number(env.BENCH_BASELINE_PORT || 18190);
/** The list the shop asks for: a category, a price bucket, a size, a colour, sorted by price. */
const LIST_FILTERS: ProductFilters = {
  categoria: 'indumentaria',
  precio: 1500,
  talle: 'm',
  color: 'negro',
  sort: 'precio_asc',
  limit: 24,
};
const DEEP_PAGE = 20;
const listQuery = (page: number) =>
  `/v1/products?categoria=indumentaria&precio=1500&talle=m&color=negro&sort=precio_asc&page=${page}&limit=24`;

const EXPLAIN_CASES: Record<string, ProductFilters> = {
  'filtered list, page 1': { ...LIST_FILTERS, page: 1 },
  'filtered list, page 20': { ...LIST_FILTERS, page: 20 },
  'category page sorted by name, page 1': { categoria: 'equipos', sort: 'nombre', page: 1, limit: 24 },
  'everything sorted by price desc, page 1': { categoria: 'all', sort: 'precio_desc', page: 1, limit: 24 },
  'cover products (shop home)': { portada: true },
  'search by name, page 1': { q: 'flex', page: 1, limit: 24 },
};

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startBaseline(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(__dirname, 'baseline.mjs')], {
    cwd: ROOT,
    env: { PATH: env.PATH, NODE_ENV: 'production', PORT: String(BASELINE_PORT) },
    stdio: 'inherit',
  });
  await waitFor(`http://127.0.0.1:${BASELINE_PORT}/hello`, 10_000);
  return child;
}

const stopProcess = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve() : new Promise((r) => child.once('exit', r).kill('SIGTERM'));

const log = (text: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`);

const BASELINE = `http://127.0.0.1:${BASELINE_PORT}/hello`;

/** A route at full speed is measured in turn with the baseline; a fixed-rate one alone. */
/** The API's process, once started: its memory is logged after each run. */
let apiPid: number | undefined;

async function run(label: string, url: Target, options: Partial<LoadOptions> = {}): Promise<Measure> {
  const m = await measure(url, { ...LOAD, ...options }, options.rate ? undefined : BASELINE);
  const vs = m.baseline ? ` (baseline ${Math.round(m.baseline.reqPerSec)} req/s)` : '';
  const rss = apiPid ? `, API RSS ${rssMB(apiPid)} MB` : '';
  log(`${label}: ${Math.round(m.reqPerSec)} req/s${vs}, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}${rss}`);
  return m;
}

/** The API process's resident memory (Linux), in MB. */
function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function benchDataset(db: Knex, size: number, apiPid: number) {
  log(`seeding ${size} products`);
  const started = Date.now();
  await seedBenchProducts(db, size);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const plans: Plan[] = await explainListQueries(db, EXPLAIN_CASES);
  const [{ id }] = await db('products').select('id').orderBy('id').offset(Math.floor(size / 2)).limit(1);
  const body = (await (await fetch(`${API}${listQuery(1)}`)).json()) as { total: number };
  // Page 20, or the last page when the filters match fewer products (past it the page is empty).
  const deep = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(body.total / LIST_FILTERS.limit!)));
  const mix = await loadMix(db);
  const drawn = (origin: string, name: string, next: () => string) => ({ origin, name, next });
  const routes: Record<string, Measure> = {
    mixProductById: await run(`${size}: random product by id`, drawn(API, 'random product', mix.product)),
    mixList: await run(`${size}: random filtered pages`, drawn(API, 'random filters', mix.list)),
    // Fewer connections than the other rows: shoppers search less than they browse.
    mixSearch: await run(`${size}: random searches`, drawn(API, 'random searches', mix.search), { connections: 8 }),
    nginxMix: await run(`${size}: nginx shopper mix @200 req/s`, drawn(WEB, 'shopper mix', mix.shopper), { rate: 200 }),
    productById: await run(`${size}: cached: GET /v1/product/:id`, `${API}/v1/product/${id}`),
    listPage1: await run(`${size}: cached: list page 1`, `${API}${listQuery(1)}`),
    listPage20: await run(`${size}: cached: list page ${deep}`, `${API}${listQuery(deep)}`),
    nginxListPage1: await run(`${size}: cached: nginx list page 1 @100 req/s`, `${WEB}${listQuery(1)}`, { rate: 100 }),
    nginxListPage20: await run(`${size}: cached: nginx list page ${deep} @100 req/s`, `${WEB}${listQuery(deep)}`, { rate: 100 }),
  };
  // Through nginx, as production runs: the flood comes from one address (decision 0003).
  const search = await searchBesideReads(WEB, id, size, LOAD.duration, OUT);
  log(`${size}: 50 searches beside reads: reads p99 ${search.reads.p99.toFixed(1)} ms, ${search.search.refused} searches 429`);
  const apiRssMB = rssMB(apiPid);
  log(`${size}: API resident memory ${apiRssMB} MB`);
  return { size, matchingProducts: body.total, deepPage: deep, routes, plans, search, apiRssMB };
}

async function main() {
  for (const file of ['backend/dist/server.js', 'frontend/dist/index.html']) {
    if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run \`make build\` first`);
  }
  // stack.js makes its own database when DATABASE_URL is set: the bench hands it one instead.
  delete env.DATABASE_URL;
  const loadBefore = os.loadavg();
  const bench = await createBenchDatabase();
  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: '',
      loadAverageBefore: loadBefore.map((n) => Number(n.toFixed(2))),
      loadAverageAfter: [],
    },
    settings: { ...LOAD, connections: 50, fixedRate: 100, listQuery: listQuery(1), deepPage: DEEP_PAGE },
    baseline: {} as Measure,
    healthz: {} as Measure,
    v1Chain: {} as Measure,
    datasets: [],
    targets: [],
  };
  let baseline: ChildProcess | undefined;
  let checkout: CheckoutMeasure | undefined;
  try {
    await migrateLatest(bench.db);
    results.machine.postgres = (await bench.db.raw('SHOW server_version')).rows[0].server_version;
    baseline = await startBaseline();
    results.baseline = await measure(BASELINE, LOAD);
    log(`bare Express hello-JSON: ${Math.round(results.baseline.reqPerSec)} req/s`);
    const { startStack } = await import('../e2e/stack.js');
    const nodeArgs = env.BENCH_API_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_API_CPU_PROF}`] : [];
    const stack = await startStack({ DATABASE_URL: bench.url, ...CHECKOUT_ENV }, { nodeArgs });
    apiPid = stack.apiPid;
    try {
      const checkoutOnly = env.BENCH_CHECKOUT_ONLY === '1';
      if (!checkoutOnly) {
        results.healthz = await run('GET /healthz (full middleware, no database)', `${API}/healthz`);
        await fetch(`${API}/v1/weather?city=tucuman`);
        results.v1Chain = await run('GET /v1/weather (the whole /v1 chain, from its cache)', `${API}/v1/weather?city=tucuman`);
        for (const size of SIZES) results.datasets.push(await benchDataset(bench.db, size, stack.apiPid));
      }
      if (env.BENCH_CATALOGUE_ONLY !== '1') {
        checkout = await benchCheckout(bench.db, API, Math.max(LOAD.duration, 3));
        const c = checkout;
        log(`checkout: ${Math.round(c.ordersPerSec)} orders/s, p50 ${c.p50} ms, p99 ${c.p99} ms, non-2xx ${c.non2xx}, ${c.ordersStored} orders`);
        if (checkoutOnly) return;
        const { E2E_SECRETS: k } = await import('../e2e/stack.js');
        const credentials = { email: k.ADMIN_EMAIL, password: k.ADMIN_PASSWORD };
        await benchDesk(bench.db, { api: API, web: WEB, out: OUT, credentials });
        const cookie = await staffCookie(API, credentials);
        await benchClasses(bench.db, { api: API, web: WEB, out: OUT, cookie, qrSecret: k.MEMBER_QR_SECRET });
        await benchReports(bench.db, { web: WEB, out: OUT, cookie, apiPid: stack.apiPid });
      }
    } finally {
      await stack.stop();
    }
  } finally {
    if (baseline) await stopProcess(baseline);
    await bench.drop();
  }
  results.machine.loadAverageAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
  results.targets = checkTargets(results);
  writeReport(results, OUT);
  if (checkout) writeCheckoutRow(OUT, checkout);
  log(`wrote ${path.relative(ROOT, OUT)}/results.json and results.md`);
  const failed = results.targets.filter((t) => !t.pass && (t.hard || env.BENCH_STRICT === '1'));
  if (checkout && (checkout.non2xx || checkout.errors))
    failed.push({ name: 'checkout', value: `${checkout.non2xx} non-2xx, ${checkout.errors} errors` } as (typeof failed)[number]);
  for (const t of failed) console.error(`FAILED: ${t.name}: ${t.value}`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
