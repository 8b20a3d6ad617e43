import type { RequestHandler } from 'express';
import { httpMessages } from '@gym/contracts/messages';
import { Forbidden } from '../shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing request from another site is refused.
 * Browsers send Sec-Fetch-Site and Origin; clients that send neither (curl, tests) are not browsers.
 * The Origin must equal, scheme and port included, the site's public origin (PUBLIC_ORIGIN) or, when
 * that is not configured, the request's own (its scheme and Host; X-Forwarded-Host is never believed).
 */
export function originCheck(publicOrigin: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') throw new Forbidden(httpMessages.forbiddenOrigin);
    const origin = req.get('origin');
    if (origin === undefined) return next();
    let sent: string;
    let own: string;
    try {
      sent = new URL(origin).origin;
      own = publicOrigin ?? new URL(`${req.protocol}://${req.get('host') ?? ''}`).origin;
    } catch {
      throw new Forbidden(httpMessages.forbiddenOrigin);
    }
    if (sent === 'null' || sent !== own) throw new Forbidden(httpMessages.forbiddenOrigin);
    next();
  };
}
