import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '@gym/contracts/roles';

export interface Actor {
  id: string;
  email: string;
  role: Role;
}

/**
 * Who is asking and from where: read by the audit trail without passing `req` into services. The
 * HTTP layer fills it for a request (http/request-context.ts); the CLI and jobs name their own.
 */
export interface RequestContext {
  requestId?: string;
  ip?: string;
  userAgent?: string;
  actor?: Actor;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentContext = (): RequestContext => storage.getStore() ?? {};

/** Runs work with a context: a request's (the middleware), or a command's own actor. */
export const runWithContext = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);
