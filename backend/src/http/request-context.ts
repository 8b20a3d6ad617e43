import type { RequestHandler } from 'express';
import { runWithContext } from '../shared/request-context';

export { currentContext, runWithContext, type Actor, type RequestContext } from '../shared/request-context';

/** Mounted after the body parser: a stream's events would run outside the context. */
export const requestContext: RequestHandler = (req, _res, next) => {
  const userAgent = req.headers['user-agent'];
  runWithContext({ requestId: req.id, ip: req.ip, userAgent: userAgent?.slice(0, 300) }, next);
};
