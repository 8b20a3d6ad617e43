import { Router } from 'express';
import type { Knex } from 'knex';
import type { Action } from '@gym/contracts/roles';
import type { AppConfig } from '../../config';
import type { Clock } from '../../clock';
import { requireStaffSession, staffWhenSignedIn } from '../../http/auth';
import { createAuditRecorder, type AuditRecorder } from '../audit';
import { createAccountsController, type SessionCookie } from './accounts.controller';
import { createAccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { createLoginHooks } from './login-events';
import type { PasswordHasher } from './password';
import { createSelfService } from './self.service';
import { createSessionsRepository } from './sessions.repository';
import { createStaffController } from './staff.controller';
import { staffRoutes } from './staff.routes';
import { createStaffService, type StaffService } from './staff.service';
import { createThrottle } from '../../shared/throttle';

/** The active owners' names and e-mails, for a job that must tell them something (other modules read them here). */
export const ownerContacts = (db: Knex) => createAccountsRepository(db).activeOwnerContacts();

export function sessionCookie(config: AppConfig): SessionCookie {
  return {
    name: config.cookieSecure ? '__Host-sid' : 'sid',
    options: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' },
  };
}

/**
 * The owner's account management outside a request (the operator's CLI): the same service, the same
 * audit rows, the actor being whoever the caller's context names.
 */
export function staffAdministration(deps: { db: Knex; hasher: PasswordHasher; clock: Clock }): StaffService {
  return createStaffService({
    db: deps.db,
    accounts: createAccountsRepository(deps.db),
    sessions: createSessionsRepository(deps.db),
    hasher: deps.hasher,
    audit: createAuditRecorder(deps.clock),
  });
}

export function accountsModule(deps: {
  db: Knex;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  audit: AuditRecorder;
}) {
  const cookie = sessionCookie(deps.config);
  const accounts = createAccountsRepository(deps.db);
  const sessions = createSessionsRepository(deps.db);
  const loginHooks = createLoginHooks(deps.db, accounts, deps.clock);
  const service = createAccountsService({
    accounts,
    sessions,
    throttle: createThrottle(deps.db, deps.clock, deps.config.throttle),
    hasher: deps.hasher,
    clock: deps.clock,
    staffCode: deps.config.staffCode,
    session: deps.config.session,
    db: deps.db,
    audit: deps.audit,
    loginHooks,
    defaultRole: deps.config.staffDefaultRole,
  });
  const staff = createStaffService({ ...deps, accounts, sessions });
  const self = createSelfService({ ...deps, accounts, sessions, loginHooks });
  const requireStaff = requireStaffSession(service, cookie.name);
  const router = Router().use(
    accountsRoutes(createAccountsController(service, cookie), requireStaff),
    staffRoutes(createStaffController(staff, self, cookie.name), requireStaff),
  );
  /** For a public route that lets staff of the action's roles do more: never refuses a visitor. */
  const staffMay = (action: Action) => staffWhenSignedIn(service, cookie.name, action);
  return { router, requireStaff, staffMay, service, staff };
}
