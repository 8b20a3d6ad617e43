// `make lighthouse`: Lighthouse (mobile preset, the default config) with Debian's Chromium on the
// home, the shop home, a category page and a product page, the checkout with a product in the cart
// and the staff's products screen signed in, of the production build behind nginx (the browser
// tests' stack, scripts/e2e/stack.js, on its own ports), median of 5 runs per page. Writes
// bench/lighthouse.json and bench/lighthouse.md; exits 1 when a page misses its target.
//
// Lighthouse multiplies the CPU time it sees by 4, so any other job on the machine comes out as
// blocking time: the run waits (up to 3 min) for the 1-minute load average to fall under 1 before
// its first audit, and the report gives the load before and after and each page's spread of runs.
//
// Env: LIGHTHOUSE_RUNS (5), BENCH_OUT (bench), E2E_API_PORT / E2E_WEB_PORT (18280 / 18281),
// CHROMIUM_PATH (/usr/bin/chromium). DATABASE_URL set: the stack runs on a fresh PostgreSQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const require = createRequire(import.meta.url);
process.env.E2E_API_PORT ||= '18280';
process.env.E2E_WEB_PORT ||= '18281';
const { startStack, ROOT, E2E_SECRETS } = require('../e2e/stack.js');

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
const OUT = path.resolve(ROOT, process.env.BENCH_OUT || 'bench');
/** Performance score per kind of page (issue 17); LCP, TBT and CLS are Core Web Vitals' "good". */
const TARGETS = { public: 95, signedIn: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const CART_KEY = 'productos carrito';
const QUIET_LOAD = 1;
const QUIET_WAIT_MS = 180_000;
// The stack serves HTTPS with a certificate the run made itself.
const FLAGS = ['--headless=new', '--ignore-certificate-errors', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

function summarize(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    jsTransferKB: Math.round(bytes('Script') / 100) / 10,
    cssTransferKB: Math.round(bytes('Stylesheet') / 100) / 10,
  };
}

/**
 * Puts `storage` in the site's localStorage from a page that runs none of the app (the favicon),
 * then empties the HTTP cache: the audit that follows keeps the storage and still starts cold.
 */
async function seedStorage(port, origin, storage) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), Object.entries(storage));
    await (await page.createCDPSession()).send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function audit(url, { storage, headers } = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A fresh browser per run: a cold cache every time.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: FLAGS,
    });
    try {
      if (storage) await seedStorage(chrome.port, new URL(url).origin, storage);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Lighthouse empties the origin's storage first unless told not to (the seeded cart).
        disableStorageReset: Boolean(storage),
        extraHeaders: headers ?? null,
      });
      runs.push(result.lhr);
    } finally {
      chrome.kill();
    }
  }
  const median = computeMedianRun(runs);
  return { url, ...summarize(median), runs: runs.map(summarize), lighthouseVersion: median.lighthouseVersion };
}

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

/** Waits for the machine to be quiet (see the top); answers the load average it starts at. */
async function waitForQuiet() {
  const until = Date.now() + QUIET_WAIT_MS;
  while (os.loadavg()[0] >= QUIET_LOAD && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  if (os.loadavg()[0] >= QUIET_LOAD) console.warn(`lighthouse: the machine is still busy (load ${loadAverage()})`);
  return loadAverage();
}

const spread = (p) => {
  const scores = p.runs.map((r) => r.performance);
  return `${Math.min(...scores)}-${Math.max(...scores)}`;
};

const pass = (p) =>
  p.performance >= p.target && p.lcpMs <= TARGETS.lcpMs && p.tbtMs <= TARGETS.tbtMs && p.cls <= TARGETS.cls;

function markdown(report) {
  const rows = report.pages.map(
    (p) =>
      `| ${p.name} (\`${new URL(p.url).pathname}\`) | ${p.performance} | ${spread(p)} | ${p.fcpMs} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ` +
      `${p.jsTransferKB} + ${p.cssTransferKB} | >= ${p.target} | ${pass(p) ? 'met' : '**missed**'} |`,
  );
  return [
    `Lighthouse ${report.lighthouseVersion}, mobile preset (simulated slow 4G, 4x CPU slowdown), Debian's Chromium ` +
      `${report.chromium}, production build behind nginx; median of ${RUNS} cold runs per page; ` +
      `${report.date.slice(0, 16).replace('T', ' ')} UTC on ${report.machine}; load average ${report.loadBefore} ` +
      `before the first audit, ${report.loadAfter} after the last.`,
    '',
    '| page | performance | runs (min-max) | FCP ms | LCP ms | TBT ms | CLS | JS + CSS transferred kB | target | met (and LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Targets (issue 17): ${TARGETS.public} on the public pages, ${TARGETS.signedIn} on the checkout (one product in the ` +
      `cart, put in localStorage before the run) and the staff's products screen (signed in: the session cookie ` +
      'sent with every request).',
    '',
  ].join('\n');
}

/** One unit of a variant in stock, as the shop's add-to-cart form stores it. */
function cartLine(product) {
  const variant = product.variantes.find((v) => v.stock > 0);
  if (!variant) throw new Error(`product ${product._id} has no stock to put in the cart`);
  return { detalles: product, talle: variant.talle ?? '', color: variant.color ?? '', cantidad: 1, total: product.precio };
}

/** Signs the stack's staff account in through nginx; answers the session cookie (name=value). */
function staffSession(stack) {
  const body = JSON.stringify({ email: E2E_SECRETS.ADMIN_EMAIL, password: E2E_SECRETS.ADMIN_PASSWORD });
  const url = new URL('/v1/user/login', stack.baseURL);
  return new Promise((resolve, reject) => {
    const req = require('node:https').request(
      url,
      {
        method: 'POST',
        ca: stack.ca,
        headers: { 'content-type': 'application/json', origin: url.origin, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
        if (res.statusCode === 200 && cookie) resolve(cookie);
        else reject(new Error(`staff login answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const stack = await startStack();
  let report;
  try {
    const products = await (await fetch(`${stack.apiURL}/v1/products?categoria=indumentaria&page=1&limit=1`)).json();
    const product = products.products[0];
    const pages = [
      ['home', '/', TARGETS.public],
      ['shop home', '/ecommercehome', TARGETS.public],
      ['category', '/ecommerce-categoria/indumentaria', TARGETS.public],
      ['product', `/ecommerce-producto/${product._id}`, TARGETS.public],
      ['checkout', '/checkout', TARGETS.signedIn, { storage: { [CART_KEY]: JSON.stringify([cartLine(product)]) } }],
      ['admin products', '/admin/productos', TARGETS.signedIn, { headers: { Cookie: await staffSession(stack) } }],
    ];
    const loadBefore = await waitForQuiet();
    const results = [];
    for (const [name, pathname, target, options] of pages) {
      const r = await audit(`${stack.baseURL}${pathname}`, options);
      console.log(`lighthouse ${name}: ${r.performance} (LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}; target ${target})`);
      results.push({ name, target, ...r });
    }
    const { execFileSync } = await import('node:child_process');
    report = {
      date: new Date().toISOString(),
      machine: `${os.cpus()[0]?.model}, ${os.cpus().length} cores`,
      loadBefore,
      loadAfter: loadAverage(),
      chromium: execFileSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version']).toString().trim(),
      lighthouseVersion: results[0].lighthouseVersion,
      runs: RUNS,
      targets: TARGETS,
      pages: results,
    };
  } finally {
    await stack.stop();
  }
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'lighthouse.json'), JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(path.join(OUT, 'lighthouse.md'), markdown(report));
  console.log(`lighthouse: wrote ${path.relative(ROOT, OUT)}/lighthouse.json and lighthouse.md`);
  const missed = report.pages.filter((p) => !pass(p));
  if (missed.length) {
    console.error(`lighthouse: missed targets on ${missed.map((p) => p.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
