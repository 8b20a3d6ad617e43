// Bundles the API into one file: our workspaces (@gym/*) are inlined, npm packages stay external.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gym/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/seed.ts', 'src/migrate.ts', 'src/cli.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outdir: 'dist',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
