import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

const HASHED_ASSET = /\/assets\/.+-[\w-]{8,}\.\w+$/;
/** The portal's service worker and manifest: a new build's must reach phones at once. */
const ALWAYS_CHECKED = /\/(socio-sw\.js|socio-app\/manifest\.json)$/;

/**
 * The public pages the build prerendered (frontend/prerender.mjs), by their exact path: / is
 * prerendered/index.html, /boxeo is prerendered/boxeo.html.
 */
function prerenderedPages(staticDir: string): Map<string, string> {
  const dir = path.join(staticDir, 'prerendered');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.html')) : [];
  return new Map(files.map((f) => [f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`, path.join(dir, f)]));
}

/** Serves the built bundle with an SPA fallback, when it has been built. */
export function serveFrontend(app: Express, staticDir: string): boolean {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  app.use(
    express.static(staticDir, {
      index: false,
      setHeaders(res, filePath) {
        const file = filePath.split(path.sep).join('/');
        const immutable = HASHED_ASSET.test(file);
        res.setHeader(
          'Cache-Control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : ALWAYS_CHECKED.test(file)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    }),
  );
  const prerendered = prerenderedPages(staticDir);
  app.get(/^\/(?!v1\/|v1$|healthz|readyz).*/, (req, res, next) => {
    if (path.extname(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(prerendered.get(req.path) ?? indexFile);
  });
  return true;
}
