import type { Request, RequestHandler, Response } from 'express';
import { can, roleMessages, type Action } from '@gym/contracts/roles';
import { httpMessages } from '@gym/contracts/messages';
import type { StaffAccount } from '@gym/contracts/accounts';
import { Forbidden, Unauthorized } from '../shared/errors';
import { currentContext } from './request-context';
import { declarationOf, staffGuard } from './route-access';
import type { AccountsService } from '../modules/accounts/accounts.service';

/** One cookie's value from the Cookie header, read only by the routes that need a session. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionToken(req: Request, cookieName: string): string | undefined {
  const token = readCookie(req.headers.cookie, cookieName);
  return token !== undefined && token.length > 0 && token.length <= 100 ? token : undefined;
}

/**
 * Staff endpoints: a signed-out visitor, or one whose session ran out, gets 401 JSON; then the role
 * must be allowed the action the route declares with `allow(…)` (route-access.ts).
 */
export function requireStaffSession(service: AccountsService, cookieName: string): RequestHandler {
  return staffGuard(async (req, res, next) => {
    const result = await service.authenticate(sessionToken(req, cookieName));
    if (!('account' in result)) {
      throw new Unauthorized(result.expired ? httpMessages.sessionExpired : httpMessages.unauthorized);
    }
    res.locals.account = result.account;
    res.locals.mustChangePassword = result.mustChangePassword;
    checkPermission(req, result);
    next();
  });
}

/**
 * A public route where staff may do more (a sale at the desk, beyond the shop's limits): with a
 * valid session whose role may do `action`, the account is in res.locals; otherwise the request
 * goes on as a visitor's, never refused.
 */
export function staffWhenSignedIn(service: AccountsService, cookieName: string, action: Action): RequestHandler {
  return async (req, res, next) => {
    const token = sessionToken(req, cookieName);
    const result = token === undefined ? undefined : await service.authenticate(token);
    if (result && 'account' in result && !result.mustChangePassword && can(result.account.role, action)) {
      res.locals.account = result.account;
    }
    next();
  };
}

/** The role table decides; a route that declares no `allow(…)` is refused to every role. */
function checkPermission(
  req: Request,
  { account, mustChangePassword }: { account: StaffAccount; mustChangePassword?: boolean },
) {
  const access = declarationOf(
    (req.route as { stack?: { handle?: unknown }[] } | undefined)?.stack,
    req.method,
  )?.access;
  const action = access?.kind === 'staff' ? access.action : undefined;
  currentContext().actor = { id: account._id, email: account.email, role: account.role };
  if (!action || !can(account.role, action)) throw new Forbidden(roleMessages.forbidden);
  if (mustChangePassword && action !== 'cuenta.propia') throw new Forbidden(roleMessages.mustChangePassword);
}

export function currentAccount(res: Response): StaffAccount {
  return res.locals.account as StaffAccount;
}
