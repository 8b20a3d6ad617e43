import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { Clock } from '../../clock';
import { requireStaffSession } from '../../http/auth';
import { createAccountsController, type SessionCookie } from './accounts.controller';
import { createAccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import type { PasswordHasher } from './password';
import { createSessionsRepository } from './sessions.repository';
import { createThrottle } from './throttle';

export function sessionCookie(config: AppConfig): SessionCookie {
  return {
    name: config.cookieSecure ? '__Host-sid' : 'sid',
    options: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' },
  };
}

export function accountsModule(deps: { db: Knex; config: AppConfig; clock: Clock; hasher: PasswordHasher }) {
  const cookie = sessionCookie(deps.config);
  const service = createAccountsService({
    accounts: createAccountsRepository(deps.db),
    sessions: createSessionsRepository(deps.db),
    throttle: createThrottle(deps.db, deps.clock, deps.config.throttle),
    hasher: deps.hasher,
    clock: deps.clock,
    staffCode: deps.config.staffCode,
    session: deps.config.session,
  });
  const requireStaff = requireStaffSession(service, cookie.name);
  return { router: accountsRoutes(createAccountsController(service, cookie), requireStaff), requireStaff, service };
}
