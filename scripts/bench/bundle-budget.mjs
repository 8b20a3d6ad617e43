// The front end's weight budget, checked after `vite build` (make build, CI): what a cold visit
// to the shop home downloads (index.html's entry script, its modulepreloads and static imports,
// its stylesheets, plus the shop home's route chunk and its own imports), summed as gzip.
// Fails when that passes the budget, or when a library that must stay lazy is in the entry.
// Reads frontend/dist and the chunk report the Vite config writes (dist/.vite/chunks.json).
//
//   node scripts/bench/bundle-budget.mjs [--json file]   BUNDLE_BUDGET_KB (default 110)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'frontend/dist');
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB || 110);
/** The route whose cold load is budgeted, and the page module it lazily loads. */
const ROUTE = { path: '/ecommercehome', module: 'src/features/shop/pages/shop-home-page.tsx' };
/** Never in the entry: they load with the screens that need them. */
const LAZY = [
  { name: 'Formik', test: (m) => m.includes('node_modules/formik/') },
  { name: 'Yup', test: (m) => m.includes('node_modules/yup/') },
  { name: 'SweetAlert2', test: (m) => m.includes('node_modules/sweetalert2/') },
  // the staff screens' cache (10 kB gzip): docs/decisions/0005-server-state.md
  { name: 'TanStack Query', test: (m) => m.includes('node_modules/@tanstack/') },
  {
    name: 'admin code',
    test: (m) => /^src\/(features\/admin[^/]*\/|app\/layouts\/admin-layout)/.test(m),
  },
];
const ALSO_NOT_ON_ROUTE = ['Formik', 'Yup', 'SweetAlert2', 'TanStack Query', 'admin code'];

function fail(message) {
  console.error(`bundle-budget: ${message}`);
  process.exit(1);
}

const gzipSize = (file) => {
  const gz = `${file}.gz`;
  if (fs.existsSync(gz) && fs.statSync(gz).mtimeMs >= fs.statSync(file).mtimeMs) return fs.statSync(gz).size;
  return gzipSync(fs.readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
};

const reportFile = path.join(DIST, '.vite/chunks.json');
if (!fs.existsSync(path.join(DIST, 'index.html'))) fail('frontend/dist/index.html is missing: build first');
if (!fs.existsSync(reportFile)) fail('frontend/dist/.vite/chunks.json is missing: the Vite config writes it');
const chunks = new Map(JSON.parse(fs.readFileSync(reportFile, 'utf8')).map((c) => [c.fileName, c]));
const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const htmlScripts = tags.filter((t) => t.startsWith('<script') && attr(t, 'src')).map((t) => attr(t, 'src'));
const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href'));
const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));
const local = (url) => url.replace(/^\//, '');

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(start, into = new Set()) {
  const visit = (file) => {
    if (into.has(file)) return;
    const chunk = chunks.get(file);
    if (!chunk) fail(`${file} is not in the chunk report`);
    into.add(file);
    chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return into;
}

const entryFiles = closure([...htmlScripts, ...preloads].map(local));
const routeChunk = [...chunks.values()].find((c) => c.facadeModuleId === ROUTE.module);
if (!routeChunk) fail(`no chunk is the route module ${ROUTE.module}: update ROUTE in this script`);
const routeFiles = closure([routeChunk.fileName], new Set(entryFiles));

const cssOf = (files) => [
  ...new Set([...styles.map(local), ...[...files].flatMap((f) => chunks.get(f).css)]),
];
const sizeOf = (files) => [...files].reduce((sum, f) => sum + gzipSize(path.join(DIST, f)), 0);
const kb = (bytes) => Math.round((bytes / 1000) * 10) / 10;

const modulesOf = (files) => [...files].flatMap((f) => chunks.get(f).modules);
const lazyIn = (files) => LAZY.filter((lib) => modulesOf(files).some(lib.test)).map((lib) => lib.name);

const entry = { js: sizeOf(entryFiles), css: sizeOf(cssOf(entryFiles)) };
const route = { js: sizeOf(routeFiles), css: sizeOf(cssOf(routeFiles)) };
const result = {
  budgetKB: BUDGET_KB,
  entry: { files: [...entryFiles], jsKB: kb(entry.js), cssKB: kb(entry.css), totalKB: kb(entry.js + entry.css) },
  route: {
    path: ROUTE.path,
    files: [...routeFiles, ...cssOf(routeFiles)],
    jsKB: kb(route.js),
    cssKB: kb(route.css),
    totalKB: kb(route.js + route.css),
  },
  lazyLibrariesInEntry: lazyIn(entryFiles),
  lazyLibrariesOnRoute: lazyIn(routeFiles).filter((name) => ALSO_NOT_ON_ROUTE.includes(name)),
};

const jsonArg = process.argv.indexOf('--json');
if (jsonArg > 0) fs.writeFileSync(process.argv[jsonArg + 1], JSON.stringify(result, null, 2) + '\n');
console.log(
  `bundle-budget: entry ${result.entry.totalKB} kB gzip (JS ${result.entry.jsKB} + CSS ${result.entry.cssKB}); ` +
    `${ROUTE.path} cold ${result.route.totalKB} kB (JS ${result.route.jsKB} + CSS ${result.route.cssKB}); budget ${BUDGET_KB} kB`,
);
if (result.lazyLibrariesInEntry.length) fail(`must stay lazy but are in the entry: ${result.lazyLibrariesInEntry}`);
if (result.lazyLibrariesOnRoute.length)
  fail(`must stay lazy but load with ${ROUTE.path}: ${result.lazyLibrariesOnRoute}`);
if (result.route.totalKB > BUDGET_KB) fail(`${ROUTE.path} loads ${result.route.totalKB} kB, over ${BUDGET_KB} kB`);
