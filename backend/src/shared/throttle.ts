import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { addressKey } from './address';

export interface ThrottleOptions {
  maxFailures: number;
  windowMinutes: number;
}

/** Keys are stored as their SHA-256: 32 bytes whatever was typed. */
const hashKey = (key: string) => createHash('sha256').update(key).digest();

/** Links a member may ask for, per e-mail and window: enough for a typo and a retry, not for a flood. */
const MEMBER_LINKS_PER_EMAIL = 3;
/** A shared address (a gym's desk behind one router) gets this many times one account's allowance. */
export const ADDRESS_ALLOWANCE = 3;
/** Past the allowance, failures from anywhere delay each login of that e-mail: 250 ms, 500 ms, … up to 4 s. */
const delayMs = (failures: number, max: number) => (failures < max ? 0 : Math.min(250 * 2 ** (failures - max), 4000));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Attempts per key in PostgreSQL (every replica sees the same count). An attempt is counted by one
 * upsert before anything is checked, so of N requests sent together at most the limit get through.
 */
export function createThrottle(db: Knex, clock: Clock, options: ThrottleOptions) {
  const windowStart = () => new Date(clock.now().getTime() - options.windowMinutes * 60_000);

  /** Adds one attempt to each key (a window that ended starts again) and returns each key's count. */
  async function count(keys: string[]): Promise<number[]> {
    const hashes = keys.map(hashKey);
    // Always the same order, so two statements touching the same keys never wait on each other in a cycle.
    const sorted = [...hashes].sort(Buffer.compare);
    const now = clock.now();
    const ended = windowStart();
    const { rows } = await db.raw<{ rows: { key_hash: Buffer; attempts: number }[] }>(
      `INSERT INTO throttle_counters (key_hash, attempts, window_started_at)
       VALUES ${sorted.map(() => '(?, 1, ?)').join(', ')}
       ON CONFLICT (key_hash) DO UPDATE SET
         attempts = CASE WHEN throttle_counters.window_started_at <= ? THEN 1
                         ELSE throttle_counters.attempts + 1 END,
         window_started_at = CASE WHEN throttle_counters.window_started_at <= ? THEN EXCLUDED.window_started_at
                                  ELSE throttle_counters.window_started_at END
       RETURNING key_hash, attempts`,
      [...sorted.flatMap((hash) => [hash, now]), ended, ended],
    );
    return hashes.map((hash) => rows.find((row) => Buffer.from(row.key_hash).equals(hash))?.attempts ?? 0);
  }

  async function current(key: string): Promise<number> {
    const row: { attempts: number } | undefined = await db('throttle_counters')
      .where({ key_hash: hashKey(key) })
      .andWhere('window_started_at', '>', windowStart())
      .first('attempts');
    return row?.attempts ?? 0;
  }

  const refund = (keys: string[]) =>
    db('throttle_counters')
      .whereIn('key_hash', keys.map(hashKey))
      .update({ attempts: db.raw('greatest(attempts - 1, 0)') });

  const clear = (keys: string[]) => db('throttle_counters').whereIn('key_hash', keys.map(hashKey)).delete();

  return {
    retryAfterSeconds: options.windowMinutes * 60,

    /** A staff-code try from this address, counted before the check; false past the limit. */
    async staffCode(ip: string) {
      const keys = [`code:${addressKey(ip)}`];
      const [attempts = 0] = await count(keys);
      return { allowed: attempts <= options.maxFailures, right: () => refund(keys) };
    },

    /** One use of a plain allowance (orders per address), counted before the work; given back if unused. */
    async take(key: string) {
      const keys = [key];
      const [uses = 0] = await count(keys);
      return { allowed: uses <= options.maxFailures, giveBack: () => refund(keys) };
    },

    /** A member asking for a link: per address (like a login's) and at most 3 per e-mail a window. */
    async memberLink(email: string, ip: string) {
      const [fromAddress = 0, forEmail = 0] = await count([`socio:ip:${addressKey(ip)}`, `socio:email:${email}`]);
      return fromAddress <= options.maxFailures && forEmail <= MEMBER_LINKS_PER_EMAIL;
    },

    /**
     * A login, counted before the password is checked, per address and per (e-mail, address): an
     * e-mail is never blocked for an address with no failures of its own. Failures of an e-mail from
     * every address only slow its logins down (a growing delay before the hash).
     */
    async login(email: string, ip: string) {
      const address = addressKey(ip);
      const [byAddress, byPair] = [`login:ip:${address}`, `login:pair:${email}\n${address}`];
      const byEmail = `login:email:${email}`;
      const [fromAddress = 0, fromPair = 0] = await count([byAddress, byPair]);
      const allowed = fromAddress <= ADDRESS_ALLOWANCE * options.maxFailures && fromPair <= options.maxFailures;
      if (allowed) await sleep(delayMs(await current(byEmail), options.maxFailures));
      return {
        allowed,
        failed: async () => void (await count([byEmail])),
        succeeded: async () => {
          await clear([byPair, byEmail]);
          await refund([byAddress]);
        },
      };
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/** Deletes counters whose window started before `before` (the purge job); returns how many. */
export async function purgeThrottle(db: Knex, before: Date): Promise<number> {
  const deleted: unknown[] = await db('throttle_counters')
    .where('window_started_at', '<=', before)
    .delete()
    .returning('window_started_at');
  return deleted.length;
}
