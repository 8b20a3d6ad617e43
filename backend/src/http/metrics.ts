import type { Request, RequestHandler } from 'express';
import { httpDuration, httpRequests } from '../shared/metrics';

/**
 * The route a request matched, as its pattern (`/v1/products/:id`), never the path itself: one
 * series per route, not one per product. Static files and unknown paths are one label each.
 */
function routeOf(req: Request): string {
  // Every API router is mounted at /v1 (app.ts); by the time an error is answered Express has
  // already reset req.baseUrl, so the mount is read from the URL.
  const base = req.originalUrl.startsWith('/v1/') ? '/v1' : '';
  if (req.route?.path) return `${base}${String(req.route.path)}`;
  return base ? '/v1 (unmatched)' : '(static)';
}

/** Counts every answer and times it, when it has been sent. */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeOf(req);
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      httpDuration.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
