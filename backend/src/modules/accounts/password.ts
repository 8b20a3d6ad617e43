import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { securityMessages } from '@gym/contracts/security-messages';
import { DomainError, TooManyRequests } from '../../shared/errors';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
export const MAX_CONCURRENT_HASHES = 2;

/** Derives a key; scrypt from node:crypto unless a test wraps it to watch how many run at once. */
export type KeyDerivation = (password: string, salt: Buffer, options: ScryptOptions) => Promise<Buffer>;

export const scryptAsync: KeyDerivation = (password, salt, options) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

/** How many hashes may wait for a slot; past it a login is refused at once (429 with Retry-After). */
export const MAX_WAITING_HASHES = 8;

/** Refused before hashing: the queue is full, or this address already has a login under way. */
export class HasherBusy extends TooManyRequests {
  constructor() {
    super(securityMessages.busy, 2);
  }
}

/** The client went away while its hash waited: nothing is hashed and nobody reads the answer. */
export class ClientGone extends DomainError {
  constructor() {
    super('abandoned', securityMessages.busy);
  }
}

export interface HashTurn {
  /** Aborted when the client closed its connection: a waiting hash is dropped. */
  signal?: AbortSignal;
}

/**
 * At most `max` hashes at once (each takes 128 × N × r bytes: 128 MiB at N = 2^17) and at most
 * `maxWaiting` waiting; a freed slot passes straight to the next waiting hash.
 */
class Gate {
  private running = 0;
  private readonly waiting: { start: () => void; drop: () => void }[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  private async slot(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new ClientGone();
    if (this.running < this.max) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.maxWaiting) throw new HasherBusy();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', entry.drop);
          resolve();
        },
        drop: () => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new ClientGone());
        },
      };
      signal?.addEventListener('abort', entry.drop, { once: true });
      this.waiting.push(entry);
    });
  }

  async run<T>(task: () => Promise<T>, { signal }: HashTurn = {}): Promise<T> {
    await this.slot(signal);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string, turn?: HashTurn): Promise<boolean>;
  /** A stored value no password matches that costs one derivation to check (for unknown e-mails). */
  readonly unmatchable: string;
}

const options = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 2 * 128 * 2 ** logN * r + 1024 * 1024,
});

/** scrypt with its parameters stored beside the hash: `scrypt$logN$r$p$salt$key` (base64url). */
export function createPasswordHasher(
  logN: number,
  {
    derive = scryptAsync,
    maxConcurrent = MAX_CONCURRENT_HASHES,
    maxWaiting = MAX_WAITING_HASHES,
  }: { derive?: KeyDerivation; maxConcurrent?: number; maxWaiting?: number } = {},
): PasswordHasher {
  const gate = new Gate(maxConcurrent, maxWaiting);
  const r = 8;
  const p = 1;
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  return {
    unmatchable: ['scrypt', logN, r, p, random(SALT_BYTES), random(KEY_LENGTH)].join('$'),
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await gate.run(() => derive(password, salt, options(logN, r, p)));
      return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored, turn) {
      const [scheme, logNText, rText, pText, saltText, keyText] = stored.split('$');
      if (scheme !== 'scrypt' || !saltText || !keyText) return false;
      const expected = Buffer.from(keyText, 'base64url');
      const opts = options(Number(logNText), Number(rText), Number(pText));
      const actual = await gate.run(() => derive(password, Buffer.from(saltText, 'base64url'), opts), turn);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
