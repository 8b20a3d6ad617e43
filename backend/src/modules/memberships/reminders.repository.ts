import type { Knex } from 'knex';
import { addDays, type IsoDate } from '@gym/contracts/membership-dates';
import type { Reminder, ReminderChannel, ReminderStatus, ReminderTemplate } from '@gym/contracts/memberships';

interface ReminderRow {
  id: string;
  channel: ReminderChannel;
  automatic: boolean;
  text: string;
  status: ReminderStatus;
  paid_until: string | null;
  created_at: Date;
}

/**
 * A reminder's status as it stands (`r`: the reminders row's alias): the daily job's e-mail takes
 * its outbox row's (issue 46), queued 'en cola', sent 'enviado', given up 'fallido'; the rest, and
 * a settled one (settleQueued), their own. The desk's list reads it too (lastReminderSql).
 */
export const reminderStatusSql = (r: string) =>
  `coalesce((SELECT CASE o.status WHEN 'sent' THEN 'enviado' WHEN 'failed' THEN 'fallido' ELSE 'en cola' END
    FROM message_outbox o WHERE o.idempotency_key = ${r}.outbox_key), ${r}.status)`;

/** The outbox key of the daily job's e-mail to a client for a paid-until: a rerun never sends twice. */
export const reminderOutboxKey = (idUsuario: string, paidUntil: string | null) =>
  `recordatorio:${idUsuario}:${paidUntil ?? 'sin-fecha'}`;

const toReminder = (r: ReminderRow): Reminder => ({
  id: r.id,
  channel: r.channel,
  automatic: r.automatic,
  text: r.text,
  status: r.status,
  paidUntil: r.paid_until,
  createdAt: r.created_at.toISOString(),
});

/** Who a reminder is for: the client, their plan and paid-until. */
export interface ReminderTarget {
  idUsuario: string;
  nombre: string;
  correo: string;
  celular: number;
  nombrePlan: string;
  paidUntil: IsoDate | null;
  /** The plan's monthly fee (the WhatsApp reminder says it). */
  cuotaMensualCentavos: number;
}

/** Whose apto físico is about to end. */
export interface AptoTarget {
  idUsuario: string;
  nombre: string;
  aptoVence: IsoDate;
}

export interface NewReminder {
  idUsuario: string;
  channel: ReminderChannel;
  automatic: boolean;
  paidUntil: IsoDate | null;
  text: string;
  status: ReminderStatus;
  messageId: string | null;
  /** The outbox key its e-mail was queued with (status 'en cola'). */
  outboxKey?: string;
}

export function createRemindersRepository(db: Knex) {
  const targets = () =>
    db({ c: 'clients' })
      .join({ pl: 'plans' }, 'pl.id_plan', 'c.plan')
      .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
      .whereNull('c.archived_at')
      .select(
        { idUsuario: 'c.id_usuario', nombre: 'c.nombre', correo: 'c.correo', celular: 'c.celular' },
        { nombrePlan: 'pl.nombre_plan', cuotaMensualCentavos: 'pl.cuota_mensual_centavos' },
        db.raw('m.paid_until::text AS "paidUntil"'),
      );

  return {
    async targets(ids: string[]): Promise<ReminderTarget[]> {
      return targets().whereIn('c.id_usuario', ids).orderBy('c.nombre');
    },

    /**
     * Clients whose plan ends within `days` from today (so a day the job missed is caught up), not
     * paused, not yet reminded automatically for this paid-until, and not reminded at all (by staff
     * or the job, any channel) since `quietSince`.
     */
    async dueForAutomatic(today: IsoDate, days: number, quietSince: Date): Promise<ReminderTarget[]> {
      return targets()
        .whereBetween('m.paid_until', [today, addDays(today, days)])
        .whereNotExists((q) => {
          void q.from('membership_pauses').whereRaw('id_usuario = c.id_usuario AND ended_on IS NULL');
        })
        .whereNotExists((q) => {
          void q.from('reminders').whereRaw('id_usuario = c.id_usuario AND automatic AND paid_until = m.paid_until');
        })
        .whereNotExists((q) => {
          void q
            .from({ r: 'reminders' })
            .whereRaw(
              `r.id_usuario = c.id_usuario AND ${reminderStatusSql('r')} IN ('enviado', 'abierto', 'en cola') AND r.created_at >= ?`,
              [quietSince],
            );
        })
        .orderBy('c.id_usuario');
    },

    /** Clients whose plan ended 1 to `days` days before today, not paused (the WhatsApp "cuota vencida"). */
    async overdue(today: IsoDate, days: number): Promise<ReminderTarget[]> {
      return targets()
        .whereBetween('m.paid_until', [addDays(today, -days), addDays(today, -1)])
        .whereNotExists((q) => {
          void q.from('membership_pauses').whereRaw('id_usuario = c.id_usuario AND ended_on IS NULL');
        })
        .orderBy('c.id_usuario');
    },

    /**
     * Members (not archived, paid up to today or later, not paused) whose apto físico ends from today
     * to `days` days ahead: the WhatsApp `apto_por_vencer` (its key keeps it to one per apto date). A
     * lapsed member hears of their cuota instead.
     */
    async aptoEnding(today: IsoDate, days: number): Promise<AptoTarget[]> {
      return db({ c: 'clients' })
        .join({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .whereNull('c.archived_at')
        .where('m.paid_until', '>=', today)
        .whereBetween('m.apto_vence', [today, addDays(today, days)])
        .whereNotExists((q) => {
          void q.from('membership_pauses').whereRaw('id_usuario = c.id_usuario AND ended_on IS NULL');
        })
        .orderBy('c.id_usuario')
        .select({ idUsuario: 'c.id_usuario', nombre: 'c.nombre' }, db.raw('m.apto_vence::text AS "aptoVence"'));
    },

    /** false when the period already had its automatic reminder (the unique index decides). */
    async insert(trx: Knex, r: NewReminder, now: Date): Promise<boolean> {
      const inserted = await trx('reminders')
        .insert({
          id_usuario: r.idUsuario,
          channel: r.channel,
          automatic: r.automatic,
          paid_until: r.paidUntil,
          text: r.text,
          status: r.status,
          message_id: r.messageId,
          outbox_key: r.outboxKey ?? null,
          created_at: now,
        })
        .onConflict(db.raw('(id_usuario, paid_until) WHERE automatic'))
        .ignore()
        .returning('id');
      return inserted.length === 1;
    },

    async list(idUsuario: string): Promise<Reminder[]> {
      const rows: ReminderRow[] = await db('reminders')
        .where({ id_usuario: idUsuario })
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .select(
          'id',
          'channel',
          'automatic',
          'text',
          db.raw(`${reminderStatusSql('reminders')} AS status`),
          db.raw('paid_until::text AS paid_until'),
          'created_at',
        );
      return rows.map(toReminder);
    },

    /**
     * Copies the outcome of queued reminders whose outbox row is done into their own row, before the
     * outbox purges it (30 days): the client's history keeps saying what happened.
     */
    async settleQueued(): Promise<number> {
      const result = await db.raw(
        `UPDATE reminders r SET status = CASE o.status WHEN 'sent' THEN 'enviado' ELSE 'fallido' END
         FROM message_outbox o
         WHERE r.status = 'en cola' AND o.idempotency_key = r.outbox_key AND o.status IN ('sent', 'failed')`,
      );
      return result.rowCount ?? 0;
    },

    async templates(): Promise<ReminderTemplate[]> {
      const rows: { channel: ReminderChannel; text: string; updated_at: Date }[] = await db('reminder_templates')
        .select('channel', 'text', 'updated_at')
        .orderBy('channel');
      return rows.map((r) => ({ channel: r.channel, text: r.text, updatedAt: r.updated_at.toISOString() }));
    },

    async template(channel: ReminderChannel): Promise<string> {
      const row: { text: string } | undefined = await db('reminder_templates').where({ channel }).first('text');
      return row?.text ?? '';
    },

    async saveTemplate(trx: Knex, channel: ReminderChannel, text: string, now: Date) {
      await trx('reminder_templates')
        .insert({ channel, text, updated_at: now })
        .onConflict('channel')
        .merge(['text', 'updated_at']);
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
