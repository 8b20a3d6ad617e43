import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
export const MAX_CONCURRENT_HASHES = 2;

/** Derives a key; scrypt from node:crypto unless a test wraps it to watch how many run at once. */
export type KeyDerivation = (password: string, salt: Buffer, options: ScryptOptions) => Promise<Buffer>;

export const scryptAsync: KeyDerivation = (password, salt, options) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

/** At most `max` hashes at once: each takes 128 × N × r bytes (128 MiB at N = 2^17). */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
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
  }: { derive?: KeyDerivation; maxConcurrent?: number } = {},
): PasswordHasher {
  const gate = new Gate(maxConcurrent);
  const r = 8;
  const p = 1;
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await gate.run(() => derive(password, salt, options(logN, r, p)));
      return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [scheme, logNText, rText, pText, saltText, keyText] = stored.split('$');
      if (scheme !== 'scrypt' || !saltText || !keyText) return false;
      const expected = Buffer.from(keyText, 'base64url');
      const opts = options(Number(logNText), Number(rText), Number(pText));
      const actual = await gate.run(() => derive(password, Buffer.from(saltText, 'base64url'), opts));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
