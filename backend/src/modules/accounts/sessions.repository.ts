import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export interface SessionRow {
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** Only a SHA-256 of the token is stored: a leaked table does not hand out sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function createSessionsRepository(db: Knex) {
  return {
    async insert(token: string, accountId: string, now: Date, expiresAt: Date): Promise<void> {
      await db('sessions').insert({
        token_hash: hashToken(token),
        account_id: accountId,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      });
    },

    async find(token: string): Promise<SessionRow | undefined> {
      const row: SessionRow | undefined = await db('sessions')
        .where({ token_hash: hashToken(token) })
        .first();
      return row;
    },

    async touch(token: string, now: Date): Promise<void> {
      await db('sessions')
        .where({ token_hash: hashToken(token) })
        .update({ last_seen_at: now });
    },

    async delete(token: string): Promise<void> {
      await db('sessions')
        .where({ token_hash: hashToken(token) })
        .delete();
    },

    async deleteExpired(now: Date): Promise<void> {
      await db('sessions').where('expires_at', '<=', now).delete();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
