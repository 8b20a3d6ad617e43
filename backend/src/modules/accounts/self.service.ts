import type { Knex } from 'knex';
import { roleMessages } from '@gym/contracts/roles';
import type { PasswordChangeInput, StaffSession } from '@gym/contracts/accounts';
import type { Clock } from '../../clock';
import { NotFound, ValidationFailed } from '../../shared/errors';
import type { AuditRecorder } from '../audit';
import type { AccountsRepository } from './accounts.repository';
import type { LoginHooks } from './login-events';
import type { PasswordHasher } from './password';
import { hashToken } from '../../shared/tokens';
import { sessionIdOf, type SessionsRepository } from './sessions.repository';

export interface SelfServiceDeps {
  db: Knex;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  audit: AuditRecorder;
  loginHooks: LoginHooks;
  clock: Clock;
}

/** What every staff member does with their own account: password, sessions, recent logins. */
export function createSelfService(deps: SelfServiceDeps) {
  const { db, accounts, sessions, hasher, audit, clock } = deps;
  return {
    /** The current password is required; every other session of the account ends. */
    async changePassword(accountId: string, currentToken: string, input: PasswordChangeInput): Promise<void> {
      const stored = await accounts.passwordHashOf(accountId);
      if (!stored || !(await hasher.verify(input.currentPassword, stored))) {
        const message = roleMessages.wrongCurrentPassword;
        throw new ValidationFailed(message, { currentPassword: message });
      }
      const hash = await hasher.hash(input.newPassword);
      await db.transaction(async (trx) => {
        await accounts.update(accountId, { password_hash: hash, must_change_password: false }, trx);
        const ended = await sessions.deleteAllFor(accountId, trx, currentToken);
        await audit.record(trx, {
          entity: 'cuenta',
          entityId: accountId,
          action: 'cambiar_contrasena',
          after: { otrasSesionesCerradas: ended },
        });
      });
    },

    async sessions(accountId: string, currentToken: string): Promise<StaffSession[]> {
      const current = hashToken(currentToken);
      const rows = await sessions.listFor(accountId, clock.now());
      return rows.map((r) => ({
        id: sessionIdOf(r.token_hash),
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        ip: r.ip,
        userAgent: r.user_agent,
        current: r.token_hash === current,
      }));
    },

    async endSession(accountId: string, id: string): Promise<void> {
      await db.transaction(async (trx) => {
        if (!(await sessions.deleteOneFor(accountId, id, trx))) throw new NotFound(roleMessages.sessionUnknown);
        await audit.record(trx, {
          entity: 'sesion',
          entityId: id,
          action: 'cerrar_sesion',
          before: { cuenta: accountId },
        });
      });
    },

    loginEvents: (accountId: string) => deps.loginHooks.recentFor(accountId),
  };
}

export type SelfService = ReturnType<typeof createSelfService>;
