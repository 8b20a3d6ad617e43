import type { RequestHandler } from 'express';
import { httpMessages } from '@gym/contracts';
import { Forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing request from another site is refused.
 * Browsers send Sec-Fetch-Site and Origin; clients that send neither (curl, tests) are not browsers.
 */
export const originCheck: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (req.get('sec-fetch-site') === 'cross-site') throw new Forbidden(httpMessages.forbiddenOrigin);
  const origin = req.get('origin');
  if (origin === undefined) return next();
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new Forbidden(httpMessages.forbiddenOrigin);
  }
  const host = req.get('x-forwarded-host') ?? req.get('host');
  if (originHost !== host) throw new Forbidden(httpMessages.forbiddenOrigin);
  next();
};
