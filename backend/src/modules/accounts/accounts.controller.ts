import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { firstRegistrationError, type RegistrationInput } from '@gym/contracts/accounts';
import { loginMessages, staffCodeMessages } from '@gym/contracts/messages';
import { ValidationFailed } from '../../shared/errors';
import { currentAccount, sessionToken } from '../../http/auth';
import type { AccountsService } from './accounts.service';

export interface SessionCookie {
  name: string;
  options: CookieOptions;
}

const clientIp = (req: Request) => req.ip ?? 'desconocida';

/** Aborted when the client closes the connection before its answer is sent. */
function closedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationFailed();
  return body as Record<string, unknown>;
}

/** The body's staff code; anything but text is a wrong code. */
const codeOf = (body: Record<string, unknown>) => (typeof body.code === 'string' ? body.code : '');

/** The registration's fields under SPEC §5's rules, in the spec's order: the first that fails is 400. */
function registrationOf(body: Record<string, unknown>): RegistrationInput {
  const { code: _code, confirmPassword: _ignored, ...values } = body;
  const error = firstRegistrationError(values);
  if (error) throw new ValidationFailed(error.message, { [error.field]: error.message });
  // Each of the four passed its rule, so each is text.
  const { name, lastname, email, password } = values as unknown as RegistrationInput;
  return { name, lastname, email, password };
}

export function createAccountsController(service: AccountsService, cookie: SessionCookie) {
  const setCookie = (res: Response, token: string, expiresAt: Date) =>
    res.cookie(cookie.name, token, { ...cookie.options, expires: expiresAt });

  const verifyStaffCode: RequestHandler = async (req, res) => {
    await service.verifyStaffCode(codeOf(bodyOf(req)), clientIp(req));
    res.json({ message: staffCodeMessages.right });
  };

  const register: RequestHandler = async (req, res) => {
    const body = bodyOf(req);
    // The code first: without it, nothing about the fields is answered.
    await service.verifyStaffCode(codeOf(body), clientIp(req));
    const user = await service.register(registrationOf(body));
    res.status(201).json({ user });
  };

  const login: RequestHandler = async (req, res) => {
    const { email, password } = bodyOf(req);
    if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
      throw new ValidationFailed(loginMessages.required);
    }
    const session = await service.login(email, password, clientIp(req), closedSignal(res));
    setCookie(res, session.token, session.expiresAt);
    res.json({ user: session.account, ...(session.mustChangePassword ? { mustChangePassword: true } : {}) });
  };

  const logout: RequestHandler = async (req, res) => {
    await service.logout(sessionToken(req, cookie.name));
    res.clearCookie(cookie.name, cookie.options);
    res.status(204).end();
  };

  const me: RequestHandler = (_req, res) => {
    res.json({ user: currentAccount(res), ...(res.locals.mustChangePassword ? { mustChangePassword: true } : {}) });
  };

  const list: RequestHandler = async (_req, res) => {
    res.json({ users: await service.list() });
  };

  return { verifyStaffCode, register, login, logout, me, list };
}
