import type { Knex } from 'knex';
import type { LoginEvent } from '@gym/contracts/accounts';
import type { Clock } from '../../clock';
import { currentContext } from '../../shared/request-context';
import type { AccountRecord, AccountsRepository } from './accounts.repository';

/**
 * What the login path records besides the throttle: each success, failure and lockout, the last
 * login time. Called from accounts.service's login.
 */
export function createLoginHooks(db: Knex, accounts: AccountsRepository, clock: Clock) {
  const record = async (outcome: LoginEvent['outcome'], email: string, accountId?: string) => {
    const { ip, userAgent } = currentContext();
    await db('login_events').insert({
      at: clock.now(),
      account_id: accountId ?? null,
      email: email.slice(0, 254),
      outcome,
      ip: ip ?? null,
      user_agent: userAgent ?? null,
    });
  };
  return {
    /** The throttle's 429: the account is looked up so its owner sees the lockout too. */
    async lockedOut(email: string): Promise<void> {
      const found = await accounts.findCredentials(email);
      await record('bloqueo', email, found?.account._id);
    },
    failed: (email: string, found?: AccountRecord) => record('fallo', email, found?.account._id),
    async succeeded(email: string, found: AccountRecord): Promise<void> {
      await accounts.touchLastLogin(found.account._id, clock.now());
      await record('exito', email, found.account._id);
    },
    async recentFor(accountId: string, limit = 10): Promise<LoginEvent[]> {
      const rows: { at: Date; outcome: LoginEvent['outcome']; ip: string | null }[] = await db('login_events')
        .select('at', 'outcome', 'ip')
        .where({ account_id: accountId })
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map((r) => ({ at: new Date(r.at).toISOString(), outcome: r.outcome, ip: r.ip }));
    },
  };
}

export type LoginHooks = ReturnType<typeof createLoginHooks>;
