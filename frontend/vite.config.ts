import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootstrapCss } from './vite-plugins/bootstrap-css.ts';

const API = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
const ROOT = import.meta.dirname;

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

/** The route whose cold load scripts/bench/bundle-budget.mjs budgets: its page module. */
const BUDGETED_PAGE = 'src/features/shop/pages/shop-home-page.tsx';

export default defineConfig({
  plugins: [react(), bootstrapCss({ root: ROOT, shellModules: ['src/main.tsx', BUDGETED_PAGE] }), chunkReport()],
  // `@/x` is src/x from anywhere (tsconfig.json's paths, jest.config.js's moduleNameMapper).
  resolve: { alias: [{ find: /^@\//, replacement: `${path.join(ROOT, 'src')}/` }] },
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
      // Yup and its helpers do nothing on import but their package does not say so: a page that
      // uses only a contract's texts then loads none of them.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](yup|property-expr|tiny-case|toposort)[\\/]/, sideEffects: false },
        ],
      },
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
