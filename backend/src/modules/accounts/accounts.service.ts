import { createHash, timingSafeEqual } from 'node:crypto';
import {
  firstRegistrationError,
  loginMessages,
  normalizeEmail,
  normalizeRegistration,
  registrationMessages,
  staffCodeMessages,
  type RegistrationInput,
  type StaffAccount,
} from '@gym/contracts';
import type { Clock } from '../../clock';
import { Conflict, Forbidden, TooManyRequests, Unauthorized, ValidationFailed } from '../../http/errors';
import type { AccountsRepository } from './accounts.repository';
import type { PasswordHasher } from './password';
import { newToken, type SessionsRepository } from './sessions.repository';
import type { Throttle } from './throttle';

export interface AccountsServiceDeps {
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  throttle: Throttle;
  hasher: PasswordHasher;
  clock: Clock;
  staffCode: string;
  session: { idleMinutes: number; maxHours: number };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const MINUTE = 60_000;
const TOUCH_EVERY_MS = MINUTE;

export type Authentication = { account: StaffAccount } | { expired: boolean };

export function createAccountsService(deps: AccountsServiceDeps) {
  const { accounts, sessions, throttle, hasher, clock } = deps;
  let dummyHash: Promise<string> | undefined;

  async function checkStaffCode(code: unknown, ip: string): Promise<void> {
    const keys = [`code:${ip}`];
    if (await throttle.isBlocked(keys)) {
      throw new TooManyRequests(staffCodeMessages.tooManyAttempts, throttle.retryAfterSeconds);
    }
    const right = typeof code === 'string' && timingSafeEqual(digest(code), digest(deps.staffCode));
    if (!right) {
      await throttle.recordFailure(keys);
      throw new Forbidden(staffCodeMessages.wrong);
    }
  }

  async function startSession(account: StaffAccount) {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + deps.session.maxHours * 60 * MINUTE);
    await sessions.insert(token, account._id, now, expiresAt);
    return { token, account, expiresAt };
  }

  return {
    verifyStaffCode: checkStaffCode,

    async register(input: Record<string, unknown>, ip: string): Promise<StaffAccount> {
      await checkStaffCode(input.code, ip);
      const { confirmPassword: _ignored, ...values } = input;
      const error = firstRegistrationError(values);
      if (error) throw new ValidationFailed(error.message, { [error.field]: error.message });
      const clean = normalizeRegistration(values as unknown as RegistrationInput);
      if (await accounts.findCredentials(clean.email)) {
        throw new Conflict(registrationMessages.emailTaken, { email: registrationMessages.emailTaken });
      }
      return accounts.insert(clean, await hasher.hash(clean.password));
    },

    /** The same answer, and about the same time, for an unknown email and a wrong password. */
    async login(emailInput: string, password: string, ip: string) {
      const email = normalizeEmail(emailInput);
      const keys = [`login:ip:${ip}`, `login:email:${email}`];
      if (await throttle.isBlocked(keys)) {
        throw new TooManyRequests(loginMessages.tooManyAttempts, throttle.retryAfterSeconds);
      }
      const found = await accounts.findCredentials(email);
      dummyHash ??= hasher.hash('contraseña-de-relleno');
      const valid = await hasher.verify(password, found?.passwordHash ?? (await dummyHash));
      if (!found || !valid) {
        await throttle.recordFailure(keys);
        throw new Unauthorized(loginMessages.invalidCredentials);
      }
      await throttle.clear([`login:email:${email}`]);
      return startSession(found.account);
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
      const account = await accounts.findById(session.account_id);
      if (!account) return { expired: false };
      if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await sessions.touch(token, now);
      return { account };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.delete(token);
    },

    list: () => accounts.list(),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
