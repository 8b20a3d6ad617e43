import type { Knex } from 'knex';
import { hashToken } from '../../shared/tokens';

/** Links and sessions of the members' portal; only SHA-256 hashes of their tokens are stored. */
export function createMembersRepository(db: Knex) {
  return {
    async insertLink(token: string, idUsuario: string, now: Date, expiresAt: Date): Promise<void> {
      await db('member_links').insert({
        token_hash: hashToken(token),
        id_usuario: idUsuario,
        created_at: now,
        expires_at: expiresAt,
      });
    },

    /**
     * Uses a link once and opens a session for its member, in one transaction: of two requests with
     * the same link, one gets the session. Undefined when the link is unknown, used, expired or its
     * client archived.
     */
    async useLink(token: string, session: string, now: Date, sessionExpiresAt: Date): Promise<string | undefined> {
      return db.transaction(async (trx) => {
        const { rows } = await trx.raw<{ rows: { id_usuario: string }[] }>(
          `UPDATE member_links l SET used_at = ?
           FROM clients c
           WHERE l.token_hash = ? AND l.used_at IS NULL AND l.expires_at > ?
             AND c.id_usuario = l.id_usuario AND c.archived_at IS NULL
           RETURNING l.id_usuario`,
          [now, hashToken(token), now],
        );
        const idUsuario = rows[0]?.id_usuario;
        if (!idUsuario) return undefined;
        await trx('member_sessions').insert({
          token_hash: hashToken(session),
          id_usuario: idUsuario,
          created_at: now,
          last_seen_at: now,
          expires_at: sessionExpiresAt,
        });
        return idUsuario;
      });
    },

    /**
     * The member of a live session, whose time is moved on (sliding) in the same statement, never
     * past `maxDays` after it opened: a session older than that is not live, however often used.
     */
    async touchSession(token: string, now: Date, expiresAt: Date, maxDays: number): Promise<string | undefined> {
      const { rows } = await db.raw<{ rows: { id_usuario: string }[] }>(
        `UPDATE member_sessions s SET last_seen_at = ?,
           expires_at = LEAST(?::timestamptz, s.created_at + make_interval(days => ?))
         FROM clients c
         WHERE s.token_hash = ? AND s.expires_at > ? AND s.created_at + make_interval(days => ?) > ?
           AND c.id_usuario = s.id_usuario AND c.archived_at IS NULL
         RETURNING s.id_usuario`,
        [now, expiresAt, maxDays, hashToken(token), now, maxDays, now],
      );
      return rows[0]?.id_usuario;
    },

    /** Whether a token is of a session that ran out (unused too long, or past `maxDays` since it opened). */
    async sessionRanOut(token: string, now: Date, maxDays: number): Promise<boolean> {
      const row = await db('member_sessions')
        .where({ token_hash: hashToken(token) })
        .where((w) => {
          void w
            .where('expires_at', '<=', now)
            .orWhereRaw('created_at + make_interval(days => ?) <= ?', [maxDays, now]);
        })
        .first('token_hash');
      return row !== undefined;
    },

    async deleteSession(trx: Knex, token: string): Promise<void> {
      await trx('member_sessions')
        .where({ token_hash: hashToken(token) })
        .delete();
    },

    /** Ends every session and unused link of a member; returns how many sessions were open. */
    async endAll(trx: Knex, idUsuario: string, now: Date): Promise<number> {
      await trx('member_links').where({ id_usuario: idUsuario }).whereNull('used_at').update({ used_at: now });
      const ended: unknown[] = await trx('member_sessions')
        .where({ id_usuario: idUsuario })
        .andWhere('expires_at', '>', now)
        .delete()
        .returning('token_hash');
      return ended.length;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
