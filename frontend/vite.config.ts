import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';
import { defineConfig, type Plugin } from 'vite';

const API = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
const ROOT = import.meta.dirname;

/**
 * Bootstrap's CSS keeps only the selectors whose class names appear in our sources (any word in
 * a .ts/.tsx/.css file or index.html counts, so string literals and conditional classes are
 * found). Class names built at run time are listed here; our own CSS is never purged.
 */
const BOOTSTRAP_SAFELIST = {
  standard: [/^modal-(sm|lg|xl|fullscreen)/, /^offcanvas-(start|end|top|bottom)$/, 'modal-open'],
  greedy: [/^(show|showing|hiding|fade|collapsing)$/],
};

function purgeBootstrap(): Plugin {
  return {
    name: 'gym:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/node_modules\/bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/.test(id.split('?')[0]!)) return null;
      const [result] = await new PurgeCSS().purge({
        content: [path.join(ROOT, 'index.html'), path.join(ROOT, 'src/**/*.{ts,tsx,css}')],
        css: [{ raw: code }],
        safelist: BOOTSTRAP_SAFELIST,
        keyframes: true,
        fontFace: true,
      });
      return { code: result!.css, map: null };
    },
  };
}

/**
 * Writes dist/.vite/chunks.json (which modules each chunk holds, and its static and dynamic
 * imports) for scripts/bench/bundle-budget.mjs; nginx and the API do not serve /.vite/.
 */
function chunkReport(): Plugin {
  return {
    name: 'gym:chunk-report',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          facadeModuleId: chunk.facadeModuleId && path.relative(ROOT, chunk.facadeModuleId),
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: Object.keys(chunk.modules).map((id) => path.relative(ROOT, id)),
          renderedBytes: Object.fromEntries(
            Object.entries(chunk.modules).map(([id, m]) => [path.relative(ROOT, id), m.renderedLength]),
          ),
        }));
      const dir = path.join(options.dir!, '.vite');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'chunks.json'), JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [react(), purgeBootstrap(), chunkReport()],
  server: {
    port: 5173,
    proxy: { '/v1': API, '/healthz': API, '/readyz': API },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Every browser that runs es2022 supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router change less often than our code: their own long-cached chunk.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
