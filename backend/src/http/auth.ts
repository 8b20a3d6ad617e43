import type { Request, RequestHandler, Response } from 'express';
import { httpMessages, type StaffAccount } from '@gym/contracts';
import { Unauthorized } from './errors';
import type { AccountsService } from '../modules/accounts/accounts.service';

export function sessionToken(req: Request, cookieName: string): string | undefined {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const token = cookies?.[cookieName];
  return typeof token === 'string' && token.length > 0 && token.length <= 100 ? token : undefined;
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
