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
      const rows: MessageRow[] = await db('messages')
        .select(COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(HISTORY_LIMIT);
      return rows.map(toMessage);
    },

    async insert(
      input: ContactMessageInput,
      outcome: { status: MessageStatus; error: string | null },
      now: Date,
    ): Promise<ContactMessage> {
      const [row] = await db('messages')
        .insert({
          user_name: input.user_name,
          user_email: input.user_email,
          user_message: input.user_message,
          id_usuario: input.idUsuario ?? null,
          status: outcome.status,
          error: outcome.error,
          created_at: now,
        })
        .returning(COLUMNS);
      return toMessage(row as MessageRow);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
