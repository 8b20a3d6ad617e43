import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { Role } from '@gym/contracts';

export interface Actor {
  id: string;
  email: string;
  role: Role;
}

/** Who is asking and from where: read by the audit trail without passing `req` into services. */
export interface RequestContext {
  requestId?: string;
  ip?: string;
  userAgent?: string;
  actor?: Actor;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Mounted after the body parser: a stream's events would run outside the context. */
export const requestContext: RequestHandler = (req, _res, next) => {
  const userAgent = req.headers['user-agent'];
  storage.run({ requestId: req.id, ip: req.ip, userAgent: userAgent?.slice(0, 300) }, next);
};

export const currentContext = (): RequestContext => storage.getStore() ?? {};

/** Commands outside HTTP (the operator's CLI) name their own actor. */
export const runWithContext = <T>(context: RequestContext, work: () => Promise<T>): Promise<T> =>
  storage.run(context, work);
