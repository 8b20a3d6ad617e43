import type { Knex } from 'knex';
import type { MessageStatus, WhatsappMessageView } from '@gym/contracts/whatsapp';

export interface OutboxRow {
  id: string;
  /** Set on every WhatsApp row; the outbox's e-mails (template 'correo') carry their address instead. */
  id_usuario: string;
  channel: 'whatsapp' | 'email';
  template: string;
  params: string[] | string;
  idempotency_key: string;
  to_number: string | null;
  status: MessageStatus;
  fallback: 'email' | null;
  wamid: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ConsentRow {
  id_usuario: string;
  opted_in: boolean;
  source: 'portal' | 'desk' | 'reply';
  recorded_by: string | null;
  at: Date;
}

export const paramsOf = (row: Pick<OutboxRow, 'params'>): string[] =>
  typeof row.params === 'string' ? (JSON.parse(row.params) as string[]) : row.params;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toMessageView = (r: OutboxRow & { nombre?: string | null }): WhatsappMessageView => ({
  id: r.id,
  idUsuario: r.id_usuario,
  ...(r.nombre !== undefined && { nombre: r.nombre }),
  canal: r.channel,
  plantilla: r.template,
  estado: r.status,
  respaldo: r.fallback,
  error: r.last_error,
  intentos: r.attempts,
  createdAt: iso(r.created_at)!,
  sentAt: iso(r.sent_at),
  deliveredAt: iso(r.delivered_at),
  readAt: iso(r.read_at),
  failedAt: iso(r.failed_at),
});

/** The forward order of the statuses; `failed` stands apart (from queued or sent only). */
const FORWARD = "ARRAY['queued', 'sent', 'delivered', 'read']";

export function createMessagingRepository(db: Knex) {
  return {
    async latestConsent(q: Knex, idUsuario: string): Promise<ConsentRow | undefined> {
      return q('whatsapp_consents')
        .where({ id_usuario: idUsuario })
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first('id_usuario', 'opted_in', 'source', 'recorded_by', 'at');
    },

    async insertConsent(trx: Knex, row: ConsentRow): Promise<void> {
      await trx('whatsapp_consents').insert(row);
    },

    /** The new row's id, or null when the key was queued before (never twice). */
    async queue(
      q: Knex,
      row: { idUsuario: string; template: string; params: readonly string[]; key: string; toNumber: string },
      now: Date,
    ): Promise<string | null> {
      const result = await q.raw(
        `INSERT INTO message_outbox (id_usuario, channel, template, params, idempotency_key, to_number, status,
           next_attempt_at, created_at, updated_at)
         VALUES (?, 'whatsapp', ?, ?::jsonb, ?, ?, 'queued', ?, ?, ?)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [row.idUsuario, row.template, JSON.stringify(row.params), row.key, row.toNumber, now, now, now],
      );
      return (result.rows[0] as { id: string } | undefined)?.id ?? null;
    },

    /**
     * Claims up to `limit` due WhatsApp rows (FOR UPDATE SKIP LOCKED: a second runner takes others),
     * counting the try and holding them until `leaseUntil`, so a runner that dies leaves them due again.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
      const result = await db.raw(
        `UPDATE message_outbox SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ?
         WHERE id IN (
           SELECT id FROM message_outbox
           WHERE status = 'queued' AND channel = 'whatsapp' AND next_attempt_at <= ?
           ORDER BY next_attempt_at, created_at
           LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [leaseUntil, now, now, limit],
      );
      return (result.rows as OutboxRow[]).sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at));
    },

    /** The API took it: its wamid, and `sent` unless a status of the webhook already moved it on. */
    async markSent(id: string, wamid: string, now: Date): Promise<void> {
      await db('message_outbox')
        .where({ id, status: 'queued' })
        .update({ wamid, status: 'sent', sent_at: now, next_attempt_at: null, last_error: null, updated_at: now });
    },

    async retryLater(id: string, at: Date, error: string, now: Date): Promise<void> {
      await db('message_outbox')
        .where({ id, status: 'queued' })
        .update({ next_attempt_at: at, last_error: error, updated_at: now });
    },

    /** Failed for good (from queued or sent only); the row when it changed now. */
    async markFailed(
      q: Knex,
      where: { id: string } | { wamid: string },
      error: string,
      at: Date,
      fallback: 'email' | null,
      now: Date,
    ): Promise<OutboxRow | undefined> {
      const [row] = (await q('message_outbox')
        .where(where)
        .whereIn('status', ['queued', 'sent'])
        .update({
          status: 'failed',
          failed_at: at,
          last_error: error,
          fallback,
          next_attempt_at: null,
          updated_at: now,
        })
        .returning('*')) as OutboxRow[];
      return row;
    },

    /** Records a webhook's (wamid, status) once: false when it had arrived before. */
    async recordEvent(
      q: Knex,
      e: { wamid: string; status: string; at: Date; errorCode: number | null },
      now: Date,
    ): Promise<boolean> {
      const result = await q.raw(
        `INSERT INTO message_status_events (wamid, status, occurred_at, error_code, received_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (wamid, status) DO NOTHING RETURNING wamid`,
        [e.wamid, e.status, e.at, e.errorCode, now],
      );
      return result.rows.length === 1;
    },

    async byWamid(q: Knex, wamid: string): Promise<OutboxRow | undefined> {
      return q('message_outbox').where({ wamid }).first();
    },

    async eventsOf(q: Knex, wamid: string) {
      return q('message_status_events').where({ wamid }).select('status', 'occurred_at', 'error_code') as Promise<
        { status: string; occurred_at: Date; error_code: number | null }[]
      >;
    },

    /**
     * sent, delivered or read: its time kept once, and the status moved forward only (never back,
     * never out of failed).
     */
    async advance(q: Knex, wamid: string, status: 'sent' | 'delivered' | 'read', at: Date, now: Date): Promise<void> {
      const column = `${status}_at`;
      await q.raw(
        `UPDATE message_outbox SET
           status = CASE WHEN array_position(${FORWARD}, status) < array_position(${FORWARD}, ?::text) THEN ? ELSE status END,
           ${column} = COALESCE(${column}, ?), updated_at = ?
         WHERE wamid = ? AND status <> 'failed'`,
        [status, status, at, now, wamid],
      );
    },

    async ofClient(idUsuario: string, limit: number): Promise<OutboxRow[]> {
      return db('message_outbox')
        .where({ id_usuario: idUsuario, channel: 'whatsapp' })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
    },

    /** The desk's list: the newest WhatsApp messages, or the failed ones only, with the client's name. */
    async recent(limit: number, failedOnly: boolean): Promise<(OutboxRow & { nombre: string | null })[]> {
      const q = db({ o: 'message_outbox' })
        .where('o.channel', 'whatsapp')
        .leftJoin({ c: 'clients' }, 'c.id_usuario', 'o.id_usuario')
        .select('o.*', 'c.nombre')
        .orderBy([
          { column: 'o.created_at', order: 'desc' },
          { column: 'o.id', order: 'desc' },
        ])
        .limit(limit);
      if (failedOnly) void q.where('o.status', 'failed');
      return q;
    },

    /** Clients in the lists whose mobile may be this WhatsApp number (the caller checks with whatsappNumber). */
    /** The latest consent of each of these clients (one query), for a notice to many at once. */
    async latestConsents(ids: readonly string[]): Promise<Map<string, boolean>> {
      const rows: { id_usuario: string; opted_in: boolean }[] = ids.length
        ? (
            await db.raw(
              `SELECT DISTINCT ON (id_usuario) id_usuario, opted_in FROM whatsapp_consents
               WHERE id_usuario = ANY(?::text[]) ORDER BY id_usuario, at DESC, id DESC`,
              [[...ids]],
            )
          ).rows
        : [];
      return new Map(rows.map((r) => [r.id_usuario, r.opted_in]));
    },

    /** Many rows at once, 500 an INSERT; the keys that were new (a key queued before is skipped). */
    async queueMany(
      rows: { idUsuario: string; template: string; params: readonly string[]; key: string; toNumber: string }[],
      now: Date,
    ): Promise<Set<string>> {
      const fresh = new Set<string>();
      for (let at = 0; at < rows.length; at += 500) {
        const inserted: { idempotency_key: string }[] = await db('message_outbox')
          .insert(
            rows.slice(at, at + 500).map((r) => ({
              id_usuario: r.idUsuario,
              channel: 'whatsapp',
              template: r.template,
              params: JSON.stringify(r.params),
              idempotency_key: r.key,
              to_number: r.toNumber,
              status: 'queued',
              next_attempt_at: now,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict('idempotency_key')
          .ignore()
          .returning('idempotency_key');
        for (const r of inserted) fresh.add(r.idempotency_key);
      }
      return fresh;
    },

    async clientsByNumberTail(tail: string): Promise<{ idUsuario: string; celular: number }[]> {
      return db('clients')
        .whereNull('archived_at')
        .whereRaw('celular::text LIKE ?', [`%${tail}`])
        .select({ idUsuario: 'id_usuario', celular: 'celular' })
        .limit(20);
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
