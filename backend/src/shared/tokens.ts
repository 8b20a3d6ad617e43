import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a link: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only a SHA-256 of a token is stored: a leaked table does not hand out sessions or links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
