import type { Knex } from 'knex';
import type { ContactMessage, ContactMessageInput, MessageStatus } from '@gym/contracts/contact';

interface MessageRow {
  id: string;
  user_name: string;
  user_email: string;
  user_message: string;
  id_usuario: string | null;
  status: MessageStatus;
  error: string | null;
  created_at: Date;
}

const COLUMNS = ['id', 'user_name', 'user_email', 'user_message', 'id_usuario', 'status', 'error', 'created_at'];

/**
 * A queued message's status is its outbox row's (issue 46): queued 'en cola', sent 'enviado', given
 * up 'fallido' with the outbox's error. Once settled (settleQueued) or purged, the row's own.
 */
const OUTBOX_STATUS = `CASE o.status WHEN 'sent' THEN 'enviado' WHEN 'failed' THEN 'fallido' WHEN 'queued' THEN 'en cola'
  ELSE m.status END`;
const OUTBOX_ERROR = `CASE WHEN o.status = 'failed' THEN coalesce(o.last_error, 'error desconocido') ELSE m.error END`;

const toMessage = (row: MessageRow): ContactMessage => ({
  id: row.id,
  user_name: row.user_name,
  user_email: row.user_email,
  user_message: row.user_message,
  idUsuario: row.id_usuario,
  status: row.status,
  error: row.error,
  createdAt: row.created_at.toISOString(),
});

export const HISTORY_LIMIT = 500;

export function createMessagesRepository(db: Knex) {
  return {
    /** Newest first, the latest HISTORY_LIMIT. */
    async list(): Promise<ContactMessage[]> {
      const rows: MessageRow[] = await db({ m: 'messages' })
        .leftJoin({ o: 'message_outbox' }, 'o.idempotency_key', 'm.outbox_key')
        .select(
          ...COLUMNS.filter((c) => c !== 'status' && c !== 'error').map((c) => `m.${c}`),
          db.raw(`${OUTBOX_STATUS} AS status`),
          db.raw(`${OUTBOX_ERROR} AS error`),
        )
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(HISTORY_LIMIT);
      return rows.map(toMessage);
    },

    /**
     * `outcome.outboxKey`: the message was queued in the outbox with that key (status 'en cola'), in
     * the caller's transaction `q`.
     */
    async insert(
      input: ContactMessageInput,
      outcome: { status: MessageStatus; error: string | null; outboxKey?: string },
      now: Date,
      q: Knex = db,
    ): Promise<ContactMessage> {
      const [row] = await q('messages')
        .insert({
          user_name: input.user_name,
          user_email: input.user_email,
          user_message: input.user_message,
          id_usuario: input.idUsuario ?? null,
          status: outcome.status,
          error: outcome.error,
          outbox_key: outcome.outboxKey ?? null,
          created_at: now,
        })
        .returning(COLUMNS);
      return toMessage(row as MessageRow);
    },

    /**
     * Copies the outcome of queued messages whose outbox row is done into their own row, before the
     * outbox purges it (KEEP_DONE_DAYS): the history keeps saying what happened. Returns how many.
     */
    async settleQueued(): Promise<number> {
      const result = await db.raw(
        `UPDATE messages m SET status = ${OUTBOX_STATUS}, error = ${OUTBOX_ERROR}
         FROM message_outbox o
         WHERE m.status = 'en cola' AND o.idempotency_key = m.outbox_key AND o.status IN ('sent', 'failed')`,
      );
      return result.rowCount ?? 0;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
