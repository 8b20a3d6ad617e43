import type { Knex } from 'knex';
import type { DebitState } from '@gym/contracts/debits';
import { centavos, type Centavos } from '@gym/contracts/money';

export interface Debit {
  id: string;
  idUsuario: string;
  idPlan: number;
  planName: string;
  preapprovalId: string | null;
  initPoint: string | null;
  status: DebitState;
  amount: Centavos;
  cancelReason: string | null;
  createdAt: Date;
  /** When its status last changed (a cancelled one: when it was stopped). */
  updatedAt: Date;
}

export type ChargeStatus = 'pendiente' | 'aprobado' | 'rechazado' | 'reembolsado' | 'observado';

export interface DebitCharge {
  id: string;
  authorizedPaymentId: string;
  debitId: string;
  period: string;
  status: ChargeStatus;
  amount: Centavos;
  currency: string;
  providerPaymentId: string | null;
  attempts: number;
  updatedAt: Date;
}

/** What a charge is when first seen (a notification, the reconciliation). */
export interface ChargeInput {
  authorizedPaymentId: string;
  debitId: string;
  period: string;
  amount: Centavos;
  currency: string;
}

interface DebitRow {
  id: string;
  id_usuario: string;
  id_plan: number;
  plan_name: string;
  preapproval_id: string | null;
  init_point: string | null;
  status: DebitState;
  amount_centavos: number;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

interface ChargeRow {
  id: string;
  authorized_payment_id: string;
  debit_id: string;
  period: string;
  status: ChargeStatus;
  amount_centavos: number;
  currency: string;
  provider_payment_id: string | null;
  attempts: number;
  updated_at: Date;
}

const toDebit = (r: DebitRow): Debit => ({
  id: r.id,
  idUsuario: r.id_usuario,
  idPlan: r.id_plan,
  planName: r.plan_name,
  preapprovalId: r.preapproval_id,
  initPoint: r.init_point,
  status: r.status,
  amount: centavos(r.amount_centavos),
  cancelReason: r.cancel_reason,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const toCharge = (r: ChargeRow): DebitCharge => ({
  id: r.id,
  authorizedPaymentId: r.authorized_payment_id,
  debitId: r.debit_id,
  period: r.period,
  status: r.status,
  amount: centavos(r.amount_centavos),
  currency: r.currency,
  providerPaymentId: r.provider_payment_id,
  attempts: r.attempts,
  updatedAt: new Date(r.updated_at),
});

const OPEN: DebitState[] = ['pendiente', 'activo', 'pausado'];

/** debits (one per preapproval, at most one open per member) and debit_charges (one per billing cycle). */
export function createDebitsRepository(db: Knex) {
  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),
    /** Outside any transaction. */
    reader: db,

    /** A new debit, pending; undefined when the member has an open one already (a race of two asks). */
    async insert(
      d: { idUsuario: string; idPlan: number; planName: string; amount: Centavos },
      now: Date,
    ): Promise<Debit | undefined> {
      const [row] = (await db('debits')
        .insert({
          id_usuario: d.idUsuario,
          id_plan: d.idPlan,
          plan_name: d.planName,
          amount_centavos: d.amount,
          created_at: now,
          updated_at: now,
        })
        .onConflict(db.raw("(id_usuario) WHERE status IN ('pendiente', 'activo', 'pausado')"))
        .ignore()
        .returning('*')) as DebitRow[];
      return row && toDebit(row);
    },

    async setPreapproval(q: Knex, id: string, p: { preapprovalId: string; initPoint: string }, now: Date) {
      await q('debits')
        .where({ id })
        .update({ preapproval_id: p.preapprovalId, init_point: p.initPoint, updated_at: now });
    },

    async byId(id: string, q: Knex = db): Promise<Debit | undefined> {
      const row: DebitRow | undefined = await q('debits').where({ id }).first();
      return row && toDebit(row);
    },

    async byPreapproval(preapprovalId: string, q: Knex = db): Promise<Debit | undefined> {
      const row: DebitRow | undefined = await q('debits').where({ preapproval_id: preapprovalId }).first();
      return row && toDebit(row);
    },

    /** The member's open debit (pending, active or paused), if any. */
    async openFor(idUsuario: string, q: Knex = db): Promise<Debit | undefined> {
      const row: DebitRow | undefined = await q('debits')
        .where({ id_usuario: idUsuario })
        .whereIn('status', OPEN)
        .first();
      return row && toDebit(row);
    },

    /** Open debits on a plan: a scheduled price change re-prices them on its date (issue 47). */
    async openOnPlan(idPlan: number): Promise<Debit[]> {
      const rows: DebitRow[] = await db('debits')
        .where({ id_plan: idPlan })
        .whereIn('status', OPEN)
        .orderBy('created_at');
      return rows.map(toDebit);
    },

    async setAmount(id: string, amount: Centavos, now: Date): Promise<void> {
      await db('debits').where({ id }).update({ amount_centavos: amount, updated_at: now });
    },

    /** The member's open debit, else their latest one. */
    async latestFor(idUsuario: string): Promise<Debit | undefined> {
      const row: DebitRow | undefined = await db('debits')
        .where({ id_usuario: idUsuario })
        .orderByRaw("(status <> 'cancelado') DESC, created_at DESC")
        .first();
      return row && toDebit(row);
    },

    async setStatus(q: Knex, id: string, status: DebitState, now: Date, reason?: string): Promise<void> {
      await q('debits')
        .where({ id })
        .update({ status, updated_at: now, ...(status === 'cancelado' && { cancel_reason: reason ?? null }) });
    },

    /** Open debits with a preapproval, the least recently checked first (the reconciliation). */
    async toCheck(limit: number): Promise<Debit[]> {
      const rows: DebitRow[] = await db('debits')
        .whereIn('status', OPEN)
        .whereNotNull('preapproval_id')
        .orderByRaw('checked_at NULLS FIRST, created_at')
        .limit(limit);
      return rows.map(toDebit);
    },

    async checked(id: string, now: Date) {
      await db('debits').where({ id }).update({ checked_at: now });
    },

    async charge(authorizedPaymentId: string, q: Knex = db): Promise<DebitCharge | undefined> {
      const row: ChargeRow | undefined = await q('debit_charges')
        .where({ authorized_payment_id: authorizedPaymentId })
        .first();
      return row && toCharge(row);
    },

    /** The charge's row, made if new, locked for the transaction: whoever holds it decides what it becomes. */
    async lockCharge(trx: Knex.Transaction, c: ChargeInput, now: Date): Promise<DebitCharge> {
      await trx('debit_charges')
        .insert({
          authorized_payment_id: c.authorizedPaymentId,
          debit_id: c.debitId,
          period: c.period,
          status: 'pendiente',
          amount_centavos: c.amount,
          currency: c.currency,
          created_at: now,
          updated_at: now,
        })
        .onConflict('authorized_payment_id')
        .ignore();
      const row: ChargeRow = await trx('debit_charges')
        .where({ authorized_payment_id: c.authorizedPaymentId })
        .forUpdate()
        .first();
      return toCharge(row);
    },

    async updateCharge(
      trx: Knex.Transaction,
      id: string,
      patch: {
        status: ChargeStatus;
        providerPaymentId?: string | null;
        membershipPaymentId?: string;
        refundId?: string;
        attempts?: number;
      },
      now: Date,
    ) {
      await trx('debit_charges')
        .where({ id })
        .update({
          status: patch.status,
          updated_at: now,
          ...(patch.providerPaymentId !== undefined && { provider_payment_id: patch.providerPaymentId }),
          ...(patch.membershipPaymentId && { membership_payment_id: patch.membershipPaymentId }),
          ...(patch.refundId && { refund_id: patch.refundId }),
          ...(patch.attempts !== undefined && { attempts: patch.attempts }),
        });
    },

    /** Whether another charge of this debit already paid this month. */
    async paidInPeriod(trx: Knex.Transaction, debitId: string, period: string, except: string): Promise<boolean> {
      const row = await trx('debit_charges')
        .where({ debit_id: debitId, period, status: 'aprobado' })
        .whereNot({ id: except })
        .first('id');
      return row !== undefined;
    },

    /** Charges in one status with their member and the debit's amount, newest first. */
    async chargesIn(
      status: ChargeStatus,
      limit = 200,
    ): Promise<(DebitCharge & { idUsuario: string; expected: Centavos })[]> {
      const rows: (ChargeRow & { id_usuario: string; expected: number })[] = await db({ c: 'debit_charges' })
        .join({ d: 'debits' }, 'd.id', 'c.debit_id')
        .where('c.status', status)
        .orderBy('c.updated_at', 'desc')
        .limit(limit)
        .select('c.*', 'd.id_usuario', { expected: 'd.amount_centavos' });
      return rows.map((r) => ({ ...toCharge(r), idUsuario: r.id_usuario, expected: centavos(r.expected) }));
    },
  };
}

export type DebitsRepository = ReturnType<typeof createDebitsRepository>;
