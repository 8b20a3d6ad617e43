// `make lighthouse`: Lighthouse (mobile preset, the default config) with Debian's Chromium on the
// home, a category page and a product page of the production build behind nginx (the browser
// tests' stack, scripts/e2e/stack.js, on its own ports), median of 5 runs per page. Writes
// bench/lighthouse.json and bench/lighthouse.md; exits 1 when a page misses a target.
//
// Env: LIGHTHOUSE_RUNS (5), BENCH_OUT (bench), E2E_API_PORT / E2E_WEB_PORT (18280 / 18281),
// CHROMIUM_PATH (/usr/bin/chromium). DATABASE_URL set: the stack runs on a fresh PostgreSQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const require = createRequire(import.meta.url);
process.env.E2E_API_PORT ||= '18280';
process.env.E2E_WEB_PORT ||= '18281';
const { startStack, ROOT } = require('../e2e/stack.js');

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
const OUT = path.resolve(ROOT, process.env.BENCH_OUT || 'bench');
const TARGETS = { performance: [90, 95], lcpMs: 2500, tbtMs: 200, cls: 0.1 };
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

async function audit(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A fresh browser per run: a cold cache every time.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: FLAGS,
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      runs.push(result.lhr);
    } finally {
      chrome.kill();
    }
  }
  const median = computeMedianRun(runs);
  return { url, ...summarize(median), runs: runs.map(summarize), lighthouseVersion: median.lighthouseVersion };
}

const pass = (p) =>
  p.performance >= TARGETS.performance[0] && p.lcpMs <= TARGETS.lcpMs && p.tbtMs <= TARGETS.tbtMs && p.cls <= TARGETS.cls;

function markdown(report) {
  const rows = report.pages.map(
    (p) =>
      `| ${p.name} (\`${new URL(p.url).pathname}\`) | ${p.performance} | ${p.fcpMs} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ` +
      `${p.jsTransferKB} + ${p.cssTransferKB} | ${pass(p) ? (p.performance >= TARGETS.performance[1] ? 'stretch met' : 'met') : '**missed**'} |`,
  );
  return [
    `Lighthouse ${report.lighthouseVersion}, mobile preset (simulated slow 4G, 4x CPU slowdown), Debian's Chromium ` +
      `${report.chromium}, production build behind nginx; median of ${RUNS} cold runs per page; ` +
      `${report.date.slice(0, 16).replace('T', ' ')} UTC on ${report.machine}.`,
    '',
    '| page | performance | FCP ms | LCP ms | TBT ms | CLS | JS + CSS transferred kB | targets (>= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1) |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main() {
  const stack = await startStack();
  let report;
  try {
    const products = await (await fetch(`${stack.apiURL}/v1/products?categoria=indumentaria&page=1&limit=1`)).json();
    const id = products.products[0]._id;
    const pages = [
      ['home', '/'],
      ['shop home', '/ecommercehome'],
      ['category', '/ecommerce-categoria/indumentaria'],
      ['product', `/ecommerce-producto/${id}`],
    ];
    const results = [];
    for (const [name, pathname] of pages) {
      const r = await audit(`${stack.baseURL}${pathname}`);
      console.log(`lighthouse ${name}: ${r.performance} (LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls})`);
      results.push({ name, ...r });
    }
    const { execFileSync } = await import('node:child_process');
    report = {
      date: new Date().toISOString(),
      machine: `${os.cpus()[0]?.model}, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')}`,
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
