import type { RequestHandler } from 'express';
import { isRole, roleMessages, type Role } from '@gym/contracts/roles';
import { passwordChangeSchema } from '@gym/contracts/accounts';
import { currentAccount, sessionToken } from '../../http/auth';
import { validate } from '../../http/validate';
import { ValidationFailed } from '../../shared/errors';
import type { SelfService } from './self.service';
import type { StaffService } from './staff.service';

const idParam = (value: unknown) => (typeof value === 'string' ? value : '');

/** The body's `role`: one of the roles, or 400. */
function roleOf(body: unknown): Role {
  const { role } = (body ?? {}) as { role?: unknown };
  if (!isRole(role)) throw new ValidationFailed(roleMessages.unknownRole, { role: roleMessages.unknownRole });
  return role;
}

export function createStaffController(staff: StaffService, self: SelfService, cookieName: string) {
  const me = (res: Parameters<RequestHandler>[1]) => currentAccount(res)._id;
  const token = (req: Parameters<RequestHandler>[0]) => sessionToken(req, cookieName) ?? '';
  return {
    changeRole: (async (req, res) => {
      res.json({ user: await staff.changeRole(idParam(req.params.id), roleOf(req.body)) });
    }) satisfies RequestHandler,
    disable: (async (req, res) => {
      res.json({ user: await staff.disable(idParam(req.params.id)) });
    }) satisfies RequestHandler,
    enable: (async (req, res) => {
      res.json({ user: await staff.enable(idParam(req.params.id)) });
    }) satisfies RequestHandler,
    resetPassword: (async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await staff.resetPassword(idParam(req.params.id)));
    }) satisfies RequestHandler,
    changePassword: (async (req, res) => {
      await self.changePassword(me(res), token(req), validate(passwordChangeSchema, req.body));
      res.json({ message: roleMessages.passwordChanged });
    }) satisfies RequestHandler,
    sessions: (async (req, res) => {
      res.json({ sessions: await self.sessions(me(res), token(req)) });
    }) satisfies RequestHandler,
    endSession: (async (req, res) => {
      await self.endSession(me(res), idParam(req.params.id));
      res.status(204).end();
    }) satisfies RequestHandler,
    loginEvents: (async (_req, res) => {
      res.json({ events: await self.loginEvents(me(res)) });
    }) satisfies RequestHandler,
  };
}
