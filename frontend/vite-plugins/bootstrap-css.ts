import fs from 'node:fs';
import path from 'node:path';
import { PurgeCSS, type UserDefinedSafelist } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * Bootstrap's CSS, purged and split in two at build time:
 * - the shell (in the entry stylesheet): reboot and grid, and the components, helpers and utilities
 *   that the modules a cold visit to the shop home runs use (found by following their static
 *   imports from src/main.tsx and the shop home's page);
 * - the rest of the components (forms, tables, pagination, accordion, alerts, …), then the rest of
 *   the helpers and utilities (Bootstrap's own order; utilities are !important), then
 *   THEME_OVERRIDES again after them, in a stylesheet that every other module of src imports, so
 *   it loads with the first lazy chunk beyond the shell and always before that chunk's own CSS.
 * Purging keeps only the selectors whose class names appear in our sources (any word in a
 * .ts/.tsx/.css file or index.html counts); class names built at run time are in SAFELIST.
 */
const SAFELIST = {
  // What modal.tsx and offcanvas.tsx build (`modal-${size}`, `offcanvas-${placement}`), and NavLink's class.
  // 'active': react-router's NavLink adds it at run time (the shop navbar's current link).
  standard: [/^modal-(sm|lg|xl)$/, /^offcanvas-(start|end)$/, 'modal-open', 'active'],
  greedy: [/^(show|showing|hiding|fade|collapsing)$/],
};
/**
 * Rules no screen uses though their names are everyday words in our sources (a comment's "mark" kept
 * Bootstrap's <mark> highlight and its two colours in the shop's first stylesheet).
 */
const BLOCKLIST = ['mark'];
const BOOTSTRAP = /node_modules\/bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/;
/** Where bootstrap.min.css's components start and its helpers and utilities begin. */
const COMPONENTS = '.table{';
const HELPERS = '.clearfix::after{';
/** Checked against the installed Bootstrap by frontend/src/test/build-inputs.test.ts. */
export const BOOTSTRAP_SPLIT_MARKERS = [COMPONENTS, HELPERS] as const;
const MARK = '/*!gym:split*/';
const PAGES_ID = 'virtual:gym/bootstrap-pages.css';
/** The theme's rules for the components that may land in the second stylesheet. */
const THEME_OVERRIDES = 'src/styles/bootstrap-overrides.css';

const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The files a module statically imports, ours only (contracts and `@/` = src/ included), transitively. */
function staticClosure(starts: string[], aliases: Record<string, string>, src: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const prefix = Object.keys(aliases).find((name) => name.endsWith('/') && spec!.startsWith(name));
      const base =
        aliases[spec!] ??
        (prefix ? aliases[prefix] + spec!.slice(prefix.length) : null) ??
        (spec!.startsWith('@/') ? path.join(src, spec!.slice(2)) : null) ??
        (spec!.startsWith('.') ? path.resolve(path.dirname(file), spec!) : null);
      const found =
        base && EXTENSIONS.map((ext) => base + ext).find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
      if (found) visit(found);
    }
  };
  starts.forEach(visit);
  return seen;
}

async function purge(css: string, content: string[], variables: string[] | false, rejectedCss = false) {
  const [result] = await new PurgeCSS().purge({
    content,
    css: [{ raw: css }],
    safelist: { ...SAFELIST, variables: variables || [] } as UserDefinedSafelist,
    blocklist: BLOCKLIST,
    keyframes: true,
    fontFace: true,
    variables: Boolean(variables),
    rejectedCss,
  });
  return result!;
}

export function bootstrapCss(options: { root: string; shellModules: string[] }): Plugin {
  const src = path.join(options.root, 'src');
  const PAGES_FILE = path.join(src, 'bootstrap-pages.css');
  // A key ending in '/' maps a subpath: @gym/contracts/orders is contracts/src/orders (its package.json's exports).
  const aliases = {
    '@gym/contracts/': path.join(options.root, '../contracts/src/'),
  };
  let shell = new Set<string>();
  let split: Promise<{ shell: string; pages: string }> | undefined;

  const build = async (bootstrap: string) => {
    const all = [path.join(options.root, 'index.html'), path.join(src, '**/*.{ts,tsx,css}')];
    // CSS custom properties no rule reads are dropped, except those our own CSS and styles use.
    const ours = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(tsx?|css)$/.test(f));
    const used = [
      ...new Set(ours.flatMap((f) => fs.readFileSync(path.join(src, f), 'utf8').match(/--bs-[\w-]+/g) ?? [])),
    ];
    const marked = BOOTSTRAP_SPLIT_MARKERS.reduce((css, at) => {
      if (!css.includes(at)) throw new Error(`bootstrap-css: '${at}' not found in bootstrap.min.css`);
      return css.replace(at, MARK + at);
    }, bootstrap);
    const [head, components, tail] = (await purge(marked, all, used)).css.split(MARK);
    if (tail === undefined) throw new Error('bootstrap-css: the split markers did not survive purging');
    // Markup only: our stylesheets name Bootstrap's classes to restyle them, not to use them.
    const markup = [...shell].filter((file) => /\.tsx?$/.test(file));
    const shellContent = [path.join(options.root, 'index.html'), ...markup];
    const onShell = await purge(components!, shellContent, false, true);
    // Helpers and utilities only some page uses come with that page's stylesheet, after its components
    // (Bootstrap's own order); utilities are !important, so where they load does not change who wins.
    const tailOnShell = await purge(tail, shellContent, false, true);
    checkShellStylesheets(onShell.css + tailOnShell.css, (onShell.rejectedCss ?? '') + (tailOnShell.rejectedCss ?? ''));
    const overrides = fs.readFileSync(path.join(options.root, THEME_OVERRIDES), 'utf8');
    return {
      shell: head + onShell.css + tailOnShell.css,
      pages: `${onShell.rejectedCss ?? ''}\n${tailOnShell.rejectedCss ?? ''}\n${overrides}`,
    };
  };

  /**
   * The second stylesheet loads after the entry's (and after shop.css and carousel.css, which the
   * shop home loads): a rule there that restyles only classes whose Bootstrap rules come in that
   * second stylesheet would be overridden by them. Such a rule belongs in THEME_OVERRIDES.
   */
  const checkShellStylesheets = (shellCss: string, pagesCss: string) => {
    const classes = (css: string) => new Set(css.replace(/\{[^{}]*\}/g, ' ').match(/(?<=\.)[a-z][\w-]*/g) ?? []);
    const onShell = classes(shellCss);
    const pagesOnly = [...classes(pagesCss)].filter((name) => !onShell.has(name));
    const overrides = path.join(options.root, THEME_OVERRIDES);
    for (const file of [...shell].filter((f) => f.endsWith('.css') && f !== overrides)) {
      for (const selector of fs
        .readFileSync(file, 'utf8')
        .replace(/\{[^{}]*\}/g, ',')
        .split(',')) {
        const names = selector.match(/(?<=\.)[a-z][\w-]*/g) ?? [];
        if (names.length && names.every((name) => pagesOnly.includes(name)))
          throw new Error(
            `bootstrap-css: ${path.relative(options.root, file)} restyles '${selector.trim()}': move it to ${THEME_OVERRIDES}`,
          );
      }
    }
  };

  return {
    name: 'gym:bootstrap-css',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      shell = staticClosure(
        options.shellModules.map((m) => path.join(options.root, m)),
        aliases,
        src,
      );
      split = undefined;
    },
    resolveId(id) {
      // A path under src/ (never a file) so that Vite's CSS pipeline takes it like any stylesheet.
      return id === PAGES_ID ? PAGES_FILE : null;
    },
    async load(id) {
      if (id !== PAGES_FILE) return null;
      const bootstrap = await this.resolve('bootstrap/dist/css/bootstrap.min.css', id);
      split ??= build(fs.readFileSync(bootstrap!.id, 'utf8'));
      return (await split).pages;
    },
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (BOOTSTRAP.test(file)) {
        split ??= build(code);
        return { code: (await split).shell, map: null };
      }
      // Every module of ours beyond the shell brings the second stylesheet along.
      if (file.startsWith(src + path.sep) && /\.tsx?$/.test(file) && !shell.has(file) && !file.includes('__tests__')) {
        return { code: `import '${PAGES_ID}';\n${code}`, map: null };
      }
      return null;
    },
  };
}
