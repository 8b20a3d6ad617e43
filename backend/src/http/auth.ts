import type { Request, RequestHandler, Response } from 'express';
import { httpMessages, type StaffAccount } from '@gym/contracts';
import { Unauthorized } from './errors';
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

/** Staff endpoints: a signed-out visitor, or one whose session ran out, gets 401 JSON. */
export function requireStaffSession(service: AccountsService, cookieName: string): RequestHandler {
  return async (req, res, next) => {
    const result = await service.authenticate(sessionToken(req, cookieName));
    if (!('account' in result)) {
      throw new Unauthorized(result.expired ? httpMessages.sessionExpired : httpMessages.unauthorized);
    }
    res.locals.account = result.account;
    next();
  };
}

export function currentAccount(res: Response): StaffAccount {
  return res.locals.account as StaffAccount;
}
