import type { Knex } from 'knex';
import { hashToken } from '../../shared/tokens';

export interface SessionRow {
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export function createSessionsRepository(db: Knex) {
  return {
    async insert(
      token: string,
      accountId: string,
      now: Date,
      expiresAt: Date,
      from: { ip?: string; userAgent?: string } = {},
    ): Promise<void> {
      await db('sessions').insert({
        token_hash: hashToken(token),
        account_id: accountId,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        ip: from.ip ?? null,
        user_agent: from.userAgent ?? null,
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

    ...accountSessions(db),
    /** Deletes sessions past their absolute limit; returns how many. */
    async deleteExpired(now: Date): Promise<number> {
      // Counted from RETURNING: PGlite's driver answers a delete with its raw result, not a number.
      const deleted: unknown[] = await db('sessions').where('expires_at', '<=', now).delete().returning('token_hash');
      return deleted.length;
    },
  };
}

/** A session is named to its owner by the first 16 hex digits of its token's hash: never the token. */
export const sessionIdOf = (tokenHash: string) => tokenHash.slice(0, 16);
const SESSION_ID = /^[0-9a-f]{16}$/;

function accountSessions(db: Knex) {
  return {
    async listFor(accountId: string, now: Date) {
      const rows: (SessionRow & { token_hash: string; ip: string | null; user_agent: string | null })[] = await db(
        'sessions',
      )
        .where({ account_id: accountId })
        .andWhere('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc');
      return rows;
    },
    /** Ends every session of an account, or every one but `keepToken`; returns how many ended. */
    async deleteAllFor(accountId: string, q: Knex = db, keepToken?: string): Promise<number> {
      const query = q('sessions').where({ account_id: accountId });
      if (keepToken) query.whereNot({ token_hash: hashToken(keepToken) });
      const ended: unknown[] = await query.delete().returning('token_hash');
      return ended.length;
    },
    async deleteOneFor(accountId: string, id: string, q: Knex = db): Promise<boolean> {
      if (!SESSION_ID.test(id)) return false;
      const deleted: unknown[] = await q('sessions')
        .where({ account_id: accountId })
        .andWhereRaw('left(token_hash, 16) = ?', [id])
        .delete()
        .returning('token_hash');
      return deleted.length > 0;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
