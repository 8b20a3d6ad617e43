import type { Knex } from 'knex';
import { addDays, monthRange, tucumanDayStart, type IsoDate } from '@gym/contracts/membership-dates';
import { aptoIsValid, EXPIRING_DAYS, membershipState, type MembershipState } from '@gym/contracts/membership-rules';
import type {
  ClientMembershipStatus,
  ClientStatus,
  MembershipList,
  MembershipQuery,
  MembershipRow,
  ReminderChannel,
} from '@gym/contracts/memberships';
import { reminderStatusSql } from './reminders.repository';

interface ListRow {
  id_usuario: string;
  nombre: string;
  correo: string;
  celular: number;
  plan: number;
  nombre_plan: string;
  paid_until: string | null;
  paused_since: string | null;
  apto_vence: string | null;
  last_reminder_at: Date | null;
  last_reminder_channel: ReminderChannel | null;
}

const toRow = (r: ListRow, today: IsoDate): MembershipRow => ({
  idUsuario: r.id_usuario,
  nombre: r.nombre,
  correo: r.correo,
  celular: r.celular,
  plan: r.plan,
  nombrePlan: r.nombre_plan,
  paidUntil: r.paid_until,
  state: membershipState(r.paid_until, r.paused_since !== null, today),
  pausedSince: r.paused_since,
  aptoVence: r.apto_vence,
  aptoValido: aptoIsValid(r.apto_vence, today),
  lastReminder:
    r.last_reminder_at && r.last_reminder_channel
      ? { at: r.last_reminder_at.toISOString(), channel: r.last_reminder_channel }
      : null,
});

/** Trainers read "current or not": "por vencer" is still paid for. */
const STATUS_OF: Record<MembershipState | 'none', ClientMembershipStatus> = {
  activa: 'al día',
  'por vencer': 'al día',
  vencida: 'vencida',
  pausada: 'pausada',
  none: 'sin membresía',
};

/**
 * Each row's last reminder that reached the client, from the reminders_client index (a queued
 * e-mail once its outbox row is sent).
 */
const LAST_REMINDER = `LEFT JOIN LATERAL (
  SELECT r.created_at AS last_reminder_at, r.channel AS last_reminder_channel FROM reminders r
  WHERE r.id_usuario = c.id_usuario AND ${reminderStatusSql('r')} IN ('enviado', 'abierto')
  ORDER BY r.created_at DESC LIMIT 1) lr ON true`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each list: which rows, in which order (the most urgent first). */
function listFilter(q: Knex.QueryBuilder, list: MembershipList, today: IsoDate) {
  const week = addDays(today, EXPIRING_DAYS);
  switch (list) {
    case 'por-vencer':
      return q.whereNull('p.id').whereBetween('m.paid_until', [today, week]).orderBy('m.paid_until');
    case 'vencidas':
      return q.whereNull('p.id').where('m.paid_until', '<', today).orderBy('m.paid_until', 'desc');
    case 'pausadas':
      return q.whereNotNull('p.id').orderBy('p.started_on');
    case 'activas':
      return q.whereNull('p.id').where('m.paid_until', '>=', today).orderBy('m.paid_until');
    case 'sin-apto':
      return q
        .where((w) => {
          void w.whereNull('m.apto_vence').orWhere('m.apto_vence', '<', today);
        })
        .orderBy('c.nombre');
  }
}

export function createDeskRepository(db: Knex) {
  const base = (filters: MembershipQuery, today: IsoDate) => {
    const q = db({ c: 'clients' })
      .join({ pl: 'plans' }, 'pl.id_plan', 'c.plan')
      .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
      .leftJoin({ p: 'membership_pauses' }, (j) => j.on('p.id_usuario', 'c.id_usuario').andOnNull('p.ended_on'))
      .whereNull('c.archived_at');
    if (filters.q) {
      const like = `%${escapeLike(filters.q)}%`;
      q.where((w) => {
        void w.whereILike('c.nombre', like).orWhereILike('c.correo', like).orWhereILike('c.id_usuario', like);
      });
    }
    if (filters.plan) q.where('c.plan', filters.plan);
    if (filters.apto === 'sin') {
      q.where((w) => {
        void w.whereNull('m.apto_vence').orWhere('m.apto_vence', '<', today);
      });
    }
    return q;
  };
  const columns = [
    'c.id_usuario',
    'c.nombre',
    'c.correo',
    'c.celular',
    'c.plan',
    'pl.nombre_plan',
    db.raw('m.paid_until::text AS paid_until'),
    db.raw('p.started_on::text AS paused_since'),
    db.raw('m.apto_vence::text AS apto_vence'),
    'lr.last_reminder_at',
    'lr.last_reminder_channel',
  ];

  return {
    /** Every current client's membership state and apto físico, for the read-only column. */
    async statuses(today: IsoDate): Promise<ClientStatus[]> {
      const rows: Pick<ListRow, 'id_usuario' | 'paid_until' | 'paused_since' | 'apto_vence'>[] = await db({
        c: 'clients',
      })
        .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .leftJoin({ p: 'membership_pauses' }, (j) => j.on('p.id_usuario', 'c.id_usuario').andOnNull('p.ended_on'))
        .whereNull('c.archived_at')
        .orderBy('c.id_usuario')
        .select(
          'c.id_usuario',
          db.raw('m.paid_until::text AS paid_until'),
          db.raw('p.started_on::text AS paused_since'),
          db.raw('m.apto_vence::text AS apto_vence'),
        );
      return rows.map((r) => ({
        idUsuario: r.id_usuario,
        membresia: STATUS_OF[membershipState(r.paid_until, r.paused_since !== null, today) ?? 'none'],
        aptoValido: aptoIsValid(r.apto_vence, today),
      }));
    },

    /** One page of a list and how many rows the whole list has. */
    async page(filters: MembershipQuery, today: IsoDate, all = false) {
      const rowsQuery = listFilter(base(filters, today).joinRaw(LAST_REMINDER).select(columns), filters.estado, today);
      rowsQuery.orderBy('c.id_usuario');
      if (!all) rowsQuery.limit(filters.limit).offset((filters.page - 1) * filters.limit);
      const counted = base(filters, today);
      listFilter(counted, filters.estado, today).clearOrder();
      const [rows, total] = await Promise.all([rowsQuery, counted.count<{ n: number }[]>({ n: '*' }).first()]);
      return { items: (rows as ListRow[]).map((r) => toRow(r, today)), total: total?.n ?? 0 };
    },

    /** The dashboard's figures, each one SQL aggregate (income and active members: the reports module's). */
    async figures(today: IsoDate) {
      const week = addDays(today, EXPIRING_DAYS);
      const counts = await db.raw(
        `SELECT
           count(*) FILTER (WHERE p.id IS NULL AND m.paid_until BETWEEN :today AND :week) AS por_vencer,
           count(*) FILTER (WHERE p.id IS NULL AND m.paid_until < :today) AS vencidas,
           count(*) FILTER (WHERE p.id IS NOT NULL) AS pausadas,
           count(*) FILTER (WHERE m.apto_vence IS NULL OR m.apto_vence < :today) AS sin_apto,
           count(*) FILTER (WHERE c.created_at >= :monthStart AND c.created_at < :nextMonthStart) AS nuevos,
           (SELECT count(*) FROM transfer_uploads t JOIN clients tc ON tc.id_usuario = t.id_usuario
             WHERE t.status = 'pendiente' AND tc.archived_at IS NULL) AS comprobantes
         FROM clients c
         LEFT JOIN memberships m ON m.id_usuario = c.id_usuario
         LEFT JOIN membership_pauses p ON p.id_usuario = c.id_usuario AND p.ended_on IS NULL
         WHERE c.archived_at IS NULL`,
        { today, week, ...monthInstants(today) },
      );
      const c = counts.rows[0] as {
        por_vencer: number;
        vencidas: number;
        pausadas: number;
        sin_apto: number;
        nuevos: number;
        comprobantes: number;
      };
      return {
        porVencer: c.por_vencer,
        vencidas: c.vencidas,
        pausadas: c.pausadas,
        sinApto: c.sin_apto,
        nuevosClientes: c.nuevos,
        comprobantes: c.comprobantes,
      };
    },
  };
}

/** This Tucumán month, as instants (clients are stamped with timestamptz). */
function monthInstants(today: IsoDate) {
  const month = monthRange(today);
  return {
    monthStart: tucumanDayStart(month.from),
    nextMonthStart: tucumanDayStart(addDays(month.to, 1)),
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
