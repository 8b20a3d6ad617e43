import { createHash, timingSafeEqual } from 'node:crypto';
import { loginMessages, registrationMessages, staffCodeMessages } from '@gym/contracts/messages';
import {
  normalizeEmail,
  normalizeRegistration,
  type RegistrationInput,
  type StaffAccount,
} from '@gym/contracts/accounts';
import type { Role } from '@gym/contracts/roles';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { Conflict, Forbidden, TooManyRequests, Unauthorized } from '../../shared/errors';
import { currentContext } from '../../shared/request-context';
import type { AuditRecorder } from '../audit';
import type { AccountsRepository } from './accounts.repository';
import type { LoginHooks } from './login-events';
import type { PasswordHasher } from './password';
import { newToken } from '../../shared/tokens';
import type { SessionsRepository } from './sessions.repository';
import type { Throttle } from '../../shared/throttle';

export interface AccountsServiceDeps {
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  throttle: Throttle;
  hasher: PasswordHasher;
  clock: Clock;
  staffCode: string;
  session: { idleMinutes: number; maxHours: number };
  db: Knex;
  audit: AuditRecorder;
  loginHooks: LoginHooks;
  defaultRole: Role;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const MINUTE = 60_000;
const TOUCH_EVERY_MS = MINUTE;

export type Authentication = { account: StaffAccount; mustChangePassword: boolean } | { expired: boolean };

export function createAccountsService(deps: AccountsServiceDeps) {
  const { accounts, sessions, throttle, hasher, clock, loginHooks } = deps;

  async function checkStaffCode(code: string, ip: string): Promise<void> {
    const attempt = await throttle.staffCode(ip);
    if (!attempt.allowed) throw new TooManyRequests(staffCodeMessages.tooManyAttempts, throttle.retryAfterSeconds);
    const right = timingSafeEqual(digest(code), digest(deps.staffCode));
    if (!right) throw new Forbidden(staffCodeMessages.wrong);
    await attempt.right();
  }

  async function startSession(account: StaffAccount) {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + deps.session.maxHours * 60 * MINUTE);
    await sessions.insert(token, account._id, now, expiresAt, currentContext());
    return { token, account, expiresAt };
  }

  return {
    /** The staff code, throttled per address: a wrong one is 403, too many tries 429. */
    verifyStaffCode: checkStaffCode,

    /**
     * A staff account for someone who sent the right staff code (checked first, by
     * verifyStaffCode: without it nothing else about the request is answered) and fields that pass
     * SPEC §5's rules.
     */
    async register(input: RegistrationInput): Promise<StaffAccount> {
      const clean = normalizeRegistration(input);
      if (await accounts.findCredentials(clean.email)) {
        throw new Conflict(registrationMessages.emailTaken, { email: registrationMessages.emailTaken });
      }
      const passwordHash = await hasher.hash(clean.password);
      return deps.db.transaction(async (trx) => {
        const account = await accounts.insert(clean, passwordHash, deps.defaultRole, trx);
        currentContext().actor ??= { id: account._id, email: account.email, role: account.role };
        await deps.audit.record(trx, { entity: 'cuenta', entityId: account._id, action: 'registrar', after: account });
        return account;
      });
    },

    /**
     * The same answer, after the same password hash, for an unknown e-mail, a wrong password and a
     * disabled account (right password or not): a refusal never tells whether the password was right.
     */
    async login(emailInput: string, password: string, ip: string, signal?: AbortSignal) {
      const email = normalizeEmail(emailInput);
      const attempt = await throttle.login(email, ip);
      if (!attempt.allowed) {
        await loginHooks.lockedOut(email);
        throw new TooManyRequests(loginMessages.tooManyAttempts, throttle.retryAfterSeconds);
      }
      const found = await accounts.findCredentials(email);
      const valid = await hasher.verify(password, found?.passwordHash ?? hasher.unmatchable, { signal });
      if (!found || !valid || !found.activo) {
        await attempt.failed();
        await loginHooks.failed(email, found);
        throw new Unauthorized(loginMessages.invalidCredentials);
      }
      await attempt.succeeded();
      await loginHooks.succeeded(email, found);
      return { ...(await startSession(found.account)), mustChangePassword: found.mustChangePassword };
    },

    async authenticate(token: string | undefined): Promise<Authentication> {
      if (!token) return { expired: false };
      const session = await sessions.find(token);
      if (!session) return { expired: false };
      const now = clock.now();
      const idleLimit = session.last_seen_at.getTime() + deps.session.idleMinutes * MINUTE;
      if (now >= session.expires_at || now.getTime() >= idleLimit) {
        await sessions.delete(token);
        return { expired: true };
      }
      const found = await accounts.findById(session.account_id);
      if (!found?.activo) return { expired: false };
      if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await sessions.touch(token, now);
      return { account: found.account, mustChangePassword: found.mustChangePassword };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.delete(token);
    },

    list: () => accounts.list(),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
