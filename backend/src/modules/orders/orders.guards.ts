import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { orderMessages } from '@gym/contracts/orders';
import type { Clock } from '../../clock';
import { TooManyRequests } from '../../shared/errors';
import { addressKey } from '../../shared/address';
import { createThrottle } from '../../shared/throttle';

/**
 * At most `maxOrders` orders per address in `windowMinutes` (kept in PostgreSQL, as the login's
 * count is): only orders made stay counted.
 */
export function orderThrottle(
  db: Knex,
  clock: Clock,
  options: { maxOrders: number; windowMinutes: number },
): RequestHandler {
  const throttle = createThrottle(db, clock, { maxFailures: options.maxOrders, windowMinutes: options.windowMinutes });
  return async (req, res, next) => {
    // Counted before the order is made (a burst cannot pass the limit), given back unless one was made.
    const use = await throttle.take(`order:${addressKey(req.ip ?? 'unknown')}`);
    if (!use.allowed) {
      await use.giveBack();
      throw new TooManyRequests(orderMessages.tooMany, throttle.retryAfterSeconds);
    }
    res.on('close', () => {
      if (res.statusCode !== 201 || res.get('Idempotent-Replayed') === 'true')
        void use.giveBack().catch(() => undefined);
    });
    next();
  };
}

/** With `?t=` the buyer's token decides (404 when wrong); without it, a staff session, and a visitor gets 404. */
export function staffOrToken(requireStaff: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    if (req.query.t !== undefined) return next();
    let signedIn = false;
    await Promise.resolve(
      requireStaff(req, res, (err?: unknown) => {
        signedIn = err === undefined;
      }),
    ).catch(() => undefined);
    if (!signedIn) delete res.locals.account;
    next();
  };
}
