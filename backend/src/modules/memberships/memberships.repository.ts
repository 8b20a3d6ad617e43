import type { Knex } from 'knex';
import { aptoIsValid, membershipState } from '@gym/contracts/membership-rules';
import type { IsoDate } from '@gym/contracts/membership-dates';
import type { Membership, Pause, Payment, MembershipPaymentMethod } from '@gym/contracts/memberships';
import { receiptNumber } from '../../shared/receipts';
import type { Centavos } from '@gym/contracts/money';

interface MembershipRow {
  id_usuario: string;
  start_date: string;
  paid_until: string | null;
  cycle_day: number | null;
  apto_fecha: string | null;
  apto_vence: string | null;
  paused_since: string | null;
}

export const toMembership = (row: MembershipRow, today: IsoDate): Membership => ({
  idUsuario: row.id_usuario,
  startDate: row.start_date,
  paidUntil: row.paid_until,
  cycleDay: row.cycle_day,
  state: membershipState(row.paid_until, row.paused_since !== null, today),
  pausedSince: row.paused_since,
  aptoFecha: row.apto_fecha,
  aptoVence: row.apto_vence,
  aptoValido: aptoIsValid(row.apto_vence, today),
});

interface PaymentRow {
  id: string;
  id_usuario: string;
  amount_centavos: Centavos;
  plan_price_centavos: Centavos;
  id_plan: number;
  method: MembershipPaymentMethod;
  months: number;
  period_from: string;
  period_to: string;
  days_added: number;
  note: string | null;
  created_at: Date;
  voided_at: Date | null;
  void_reason: string | null;
  receipt_number: number;
  recorded_by: string | null;
  /** The staff member's name, from their account; their e-mail if it has none (or is gone). */
  recorded_by_name: string | null;
}

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  idUsuario: row.id_usuario,
  amountCentavos: row.amount_centavos,
  planPriceCentavos: row.plan_price_centavos,
  idPlan: row.id_plan,
  method: row.method,
  months: row.months,
  periodFrom: row.period_from,
  periodTo: row.period_to,
  note: row.note,
  createdAt: row.created_at.toISOString(),
  voidedAt: row.voided_at ? row.voided_at.toISOString() : null,
  voidReason: row.void_reason,
  receipt: receiptNumber(row.receipt_number),
  recordedBy: row.recorded_by_name,
});

const paymentColumns = (q: Knex) => [
  'id',
  'id_usuario',
  'amount_centavos',
  'plan_price_centavos',
  'id_plan',
  'method',
  'months',
  q.raw('period_from::text AS period_from'),
  q.raw('period_to::text AS period_to'),
  'days_added',
  'note',
  'created_at',
  'voided_at',
  'void_reason',
  'receipt_number',
  'recorded_by',
  // Receipts name who recorded the payment; the column keeps the e-mail (the cash closing's key).
  q.raw(
    `coalesce((SELECT nullif(trim(a.name || ' ' || a.lastname), '') FROM accounts a
                WHERE a.email = membership_payments.recorded_by), recorded_by) AS recorded_by_name`,
  ),
];

/**
 * A payment as recorded: the stored one without what the database adds, plus the days it covers;
 * its `recordedBy` is the staff e-mail (what the cash closing counts by), read back as their name.
 */
export type NewPayment = Omit<Payment, 'id' | 'createdAt' | 'voidedAt' | 'voidReason' | 'receipt'> & { days: number };

/** Every query takes the transaction it runs in: a service's writes commit or fail together. */
export function createMembershipsRepository(db: Knex) {
  const membershipQuery = (q: Knex) =>
    q({ m: 'memberships' })
      .leftJoin({ p: 'membership_pauses' }, (j) => j.on('p.id_usuario', 'm.id_usuario').andOnNull('p.ended_on'))
      .select(
        'm.id_usuario',
        q.raw('m.start_date::text AS start_date'),
        q.raw('m.paid_until::text AS paid_until'),
        'm.cycle_day',
        q.raw('m.apto_fecha::text AS apto_fecha'),
        q.raw('m.apto_vence::text AS apto_vence'),
        q.raw('p.started_on::text AS paused_since'),
      );

  async function payment(q: Knex, id: string): Promise<Payment | undefined> {
    const row: PaymentRow | undefined = await q('membership_payments').where({ id }).first(paymentColumns(q));
    return row && toPayment(row);
  }

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),
    findPayment: (id: string) => payment(db, id),
    /** For reads outside a transaction (never inside one: PGlite has a single connection). */
    reader: db,

    async find(q: Knex, idUsuario: string): Promise<MembershipRow | undefined> {
      return membershipQuery(q).where('m.id_usuario', idUsuario).first();
    },

    /**
     * Creates the membership if the client has none, then locks it for the rest of the transaction
     * (the service holds the client's row first, through the clients' index).
     */
    async lock(trx: Knex.Transaction, idUsuario: string, today: IsoDate): Promise<MembershipRow> {
      await trx('memberships').insert({ id_usuario: idUsuario, start_date: today }).onConflict('id_usuario').ignore();
      await trx('memberships').where({ id_usuario: idUsuario }).forUpdate().select('id_usuario');
      return (await membershipQuery(trx).where('m.id_usuario', idUsuario).first()) as MembershipRow;
    },

    /** A client being deleted (one with no payments): its reminders, pauses and membership, in its transaction. */
    async forget(trx: Knex.Transaction, idUsuario: string): Promise<void> {
      for (const table of ['reminders', 'membership_pauses', 'memberships'] as const)
        await trx(table).where({ id_usuario: idUsuario }).delete();
    },

    async update(
      trx: Knex.Transaction,
      idUsuario: string,
      fields: Partial<{ paid_until: IsoDate; cycle_day: number; apto_fecha: IsoDate; apto_vence: IsoDate }>,
      now: Date,
    ) {
      await trx('memberships')
        .where({ id_usuario: idUsuario })
        .update({ ...fields, updated_at: now });
    },

    /** paid_until moved by a number of days, in SQL, so concurrent writers never lose each other's days. */
    async shiftPaidUntil(trx: Knex.Transaction, idUsuario: string, days: number, now: Date) {
      await trx('memberships')
        .where({ id_usuario: idUsuario })
        .update({ paid_until: trx.raw('paid_until + ?::integer', [days]), updated_at: now });
    },

    /** Takes the next receipt number in the payment's transaction: a rollback gives it back, so none is skipped. */
    async insertPayment(trx: Knex.Transaction, p: NewPayment, now: Date): Promise<Payment> {
      const { rows } = await trx.raw<{ rows: { last: number }[] }>(
        'UPDATE receipt_counter SET last = last + 1 WHERE id = 1 RETURNING last',
      );
      const [row] = await trx('membership_payments')
        .insert({
          id_usuario: p.idUsuario,
          amount_centavos: p.amountCentavos,
          plan_price_centavos: p.planPriceCentavos,
          id_plan: p.idPlan,
          method: p.method,
          months: p.months,
          period_from: p.periodFrom,
          period_to: p.periodTo,
          days_added: p.days,
          note: p.note,
          created_at: now,
          receipt_number: rows[0]!.last,
          recorded_by: p.recordedBy,
        })
        .returning('id');
      return (await payment(trx, (row as { id: string }).id))!;
    },

    async lockPayment(trx: Knex.Transaction, id: string): Promise<(Payment & { days: number }) | undefined> {
      const row: PaymentRow | undefined = await trx('membership_payments')
        .where({ id })
        .forUpdate()
        .first(paymentColumns(trx));
      return row && { ...toPayment(row), days: row.days_added };
    },

    async voidPayment(trx: Knex.Transaction, id: string, reason: string, now: Date): Promise<Payment> {
      const [row] = await trx('membership_payments')
        .where({ id })
        .update({ voided_at: now, void_reason: reason })
        .returning('id');
      return (await payment(trx, (row as { id: string }).id))!;
    },

    async payments(q: Knex, idUsuario: string): Promise<Payment[]> {
      const rows: PaymentRow[] = await q('membership_payments')
        .where({ id_usuario: idUsuario })
        .orderBy('created_at', 'desc')
        .orderBy('period_from', 'desc')
        .orderBy('id', 'desc')
        .select(paymentColumns(q));
      return rows.map(toPayment);
    },

    async openPause(trx: Knex.Transaction, idUsuario: string, motivo: string, today: IsoDate, now: Date) {
      await trx('membership_pauses').insert({ id_usuario: idUsuario, motivo, started_on: today, created_at: now });
    },

    async closePause(trx: Knex.Transaction, idUsuario: string, today: IsoDate, days: number) {
      await trx('membership_pauses')
        .where({ id_usuario: idUsuario })
        .whereNull('ended_on')
        .update({ ended_on: today, days });
    },

    async pauses(q: Knex, idUsuario: string): Promise<Pause[]> {
      const rows: { id: string; motivo: string; started_on: string; ended_on: string | null; days: number | null }[] =
        await q('membership_pauses')
          .where({ id_usuario: idUsuario })
          .orderBy('started_on', 'desc')
          .orderBy('created_at', 'desc')
          .select('id', 'motivo', q.raw('started_on::text AS started_on'), q.raw('ended_on::text AS ended_on'), 'days');
      return rows.map((r) => ({
        id: r.id,
        motivo: r.motivo,
        startedOn: r.started_on,
        endedOn: r.ended_on,
        days: r.days,
      }));
    },
  };
}

export type MembershipsRepository = ReturnType<typeof createMembershipsRepository>;
export type { MembershipRow };
