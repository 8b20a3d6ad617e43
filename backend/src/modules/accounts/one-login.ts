import type { RequestHandler } from 'express';
import { addressKey } from '../../shared/address';
import { HasherBusy } from './password';

/**
 * At most one login under way per address (in this process): the others are 429 at once, before
 * any query or hash, so a burst from one address costs nothing and cannot queue ahead of others.
 */
export function oneLoginPerAddress(): RequestHandler {
  const underWay = new Set<string>();
  return (req, res, next) => {
    const address = addressKey(req.ip ?? '');
    if (underWay.has(address)) throw new HasherBusy();
    underWay.add(address);
    res.on('close', () => underWay.delete(address));
    next();
  };
}
