// After `vite build`: writes the public pages' first render into dist/prerendered/<page>.html
// (src/prerender.tsx, built for Node into a scratch folder), so a visitor sees the page before the
// scripts have loaded; src/main.tsx then hydrates it. nginx and the API serve these files for their
// exact paths (/ and /boxeo, not /boxeo/), and dist/index.html, the empty shell, for every other.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = import.meta.dirname;
const DIST = path.join(ROOT, 'dist');
const SCRATCH = path.join(ROOT, 'node_modules/.prerender');
const OUT = path.join(DIST, 'prerendered');
const EMPTY_ROOT = '<div id="root"></div>';
const SHELL_TITLE = /<title>[^<]*<\/title>/;

/** The file a prerendered path is written to and served from: / is index.html, /boxeo is boxeo.html. */
const prerenderedFile = (url) => `${url === '/' ? 'index' : url.slice(1)}.html`;

await build({
  root: ROOT,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: SCRATCH, emptyOutDir: true, copyPublicDir: false },
});
const { render, PRERENDERED } = await import(pathToFileURL(path.join(SCRATCH, 'prerender.js')).href);
const shell = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: ${EMPTY_ROOT} not found in dist/index.html`);
if (!SHELL_TITLE.test(shell)) throw new Error('prerender: no <title> in dist/index.html');
const chunks = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/chunks.json'), 'utf8'));
const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

/**
 * The stylesheets a page module's chunk needs (its static imports' first) and the scripts it
 * loads, from the build's chunk report: the page is styled at first paint, and its scripts are
 * fetched beside the entry's instead of after it.
 */
function pageAssets(module) {
  const page = chunks.find((chunk) => chunk.facadeModuleId === module);
  if (!page) throw new Error(`prerender: no chunk of ${module} in the build`);
  const css = [];
  const js = [];
  const visit = (chunk) => {
    if (js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
    css.push(...chunk.css.filter((file) => !css.includes(file)));
  };
  visit(page);
  const linked = (file) => shell.includes(`"/${file}"`);
  return [
    ...css.filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** React puts the preloads of the page's first images before its markup: they belong in the head. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT);
for (const [url, module] of Object.entries(PRERENDERED)) {
  const { html, title } = await render(url);
  if (!title) throw new Error(`prerender: ${url} gives itself no title (usePageTitle)`);
  const [links] = LEADING_LINKS.exec(html);
  const page = shell
    .replace(SHELL_TITLE, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `  ${pageAssets(module)}\n    ${links}\n  </head>`)
    .replace(EMPTY_ROOT, `<div id="root">${html.slice(links.length)}</div>`);
  fs.writeFileSync(path.join(OUT, prerenderedFile(url)), page);
}
fs.rmSync(SCRATCH, { recursive: true, force: true });
console.log(`prerender: ${Object.keys(PRERENDERED).length} pages in ${path.relative(process.cwd(), OUT)}`);
