import type { RequestHandler } from 'express';

/**
 * Every /v1 answer is `no-store` unless its route says otherwise (the public catalogue and the
 * weather set their own): staff data, sessions and errors are never kept by a browser or a proxy.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
