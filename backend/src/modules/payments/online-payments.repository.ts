import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';
import type { OnlinePaymentState } from '@gym/contracts/orders';

/** What one online payment is for: a shop order, or months of a member's plan. */
export type PaymentTarget =
  { kind: 'pedido'; orderId: string; numero: string } | { kind: 'cuota'; idUsuario: string; months: number };

export interface OnlinePayment {
  id: string;
  /** Sent to the provider as `external_reference`: `pedido-G-000123` or `cuota-<uuid>`. */
  reference: string;
  target: PaymentTarget;
  amount: Centavos;
  status: OnlinePaymentState;
  /** The provider's word on the latest payment seen (approved, pending, rejected…), null before any. */
  lastProviderStatus: string | null;
  checkoutUrl: string | null;
  expiresAt: Date;
  providerPaymentId: string | null;
  createdAt: Date;
}

interface Row {
  id: string;
  reference: string;
  kind: 'pedido' | 'cuota';
  order_id: string | null;
  id_usuario: string | null;
  months: number | null;
  amount_centavos: number;
  status: OnlinePaymentState;
  last_provider_status: string | null;
  checkout_url: string | null;
  expires_at: Date;
  provider_payment_id: string | null;
  created_at: Date;
}

const ORDER_REFERENCE = 'pedido-';

const toPayment = (r: Row): OnlinePayment => ({
  id: r.id,
  reference: r.reference,
  target:
    r.kind === 'pedido'
      ? // An order's reference is its number (upsertForOrder): no need to read the orders table.
        { kind: 'pedido', orderId: r.order_id!, numero: r.reference.slice(ORDER_REFERENCE.length) }
      : { kind: 'cuota', idUsuario: r.id_usuario!, months: r.months! },
  amount: centavos(r.amount_centavos),
  status: r.status,
  lastProviderStatus: r.last_provider_status,
  checkoutUrl: r.checkout_url,
  expiresAt: new Date(r.expires_at),
  providerPaymentId: r.provider_payment_id,
  createdAt: new Date(r.created_at),
});

/** Why a payment went back: a renewal's (contracts' RenewalRefundReason), an order closed, or staff cancelling it. */
export type RefundReason = 'ya-pagada' | 'archivado' | 'vencida' | 'pedido-cerrado' | 'pedido-cancelado';

/**
 * The online_payments table (one row per thing to pay, claimed once when the provider approves it)
 * and online_refunds (one row per payment given back, whoever gave it back).
 */
export function createOnlinePaymentsRepository(db: Knex) {
  const rows = (q: Knex = db) => q({ p: 'online_payments' }).select('p.*');

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    async forOrder(orderId: string, q: Knex = db): Promise<OnlinePayment | undefined> {
      const row: Row | undefined = await rows(q).where('p.order_id', orderId).first();
      return row && toPayment(row);
    },

    async byReference(reference: string, q: Knex = db): Promise<OnlinePayment | undefined> {
      const row: Row | undefined = await rows(q).where('p.reference', reference).first();
      return row && toPayment(row);
    },

    /** The row locked for the transaction: whoever holds it decides whether a payment applies. */
    async lock(trx: Knex.Transaction, id: string): Promise<OnlinePayment | undefined> {
      await trx('online_payments').where({ id }).forUpdate().first('id');
      return this.byId(id, trx);
    },

    async byId(id: string, q: Knex = db): Promise<OnlinePayment | undefined> {
      const row: Row | undefined = await rows(q).where('p.id', id).first();
      return row && toPayment(row);
    },

    /** A pending order's row is reused by every retry: the reference stays, the checkout is new. */
    async upsertForOrder(
      p: { orderId: string; numero: string; amount: Centavos; expiresAt: Date },
      now: Date,
    ): Promise<OnlinePayment> {
      await db('online_payments')
        .insert({
          reference: `${ORDER_REFERENCE}${p.numero}`,
          kind: 'pedido',
          order_id: p.orderId,
          amount_centavos: p.amount,
          expires_at: p.expiresAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict('reference')
        .ignore();
      return (await this.byReference(`${ORDER_REFERENCE}${p.numero}`))!;
    },

    /**
     * The member's renewal still open for these months at this amount (pending, its checkout not
     * expired, a checkout made): asking again answers it instead of a new one.
     */
    async openRenewal(
      idUsuario: string,
      months: number,
      amount: Centavos,
      now: Date,
    ): Promise<OnlinePayment | undefined> {
      const row: Row | undefined = await rows()
        .where({ 'p.id_usuario': idUsuario, 'p.months': months, 'p.amount_centavos': amount, 'p.status': 'pendiente' })
        .andWhere('p.expires_at', '>', now)
        .whereNotNull('p.checkout_url')
        .orderBy('p.created_at', 'desc')
        .first();
      return row && toPayment(row);
    },

    async insertRenewal(p: { idUsuario: string; months: number; amount: Centavos; expiresAt: Date }, now: Date) {
      const [row] = await db('online_payments')
        .insert({
          reference: db.raw("'cuota-' || gen_random_uuid()"),
          kind: 'cuota',
          id_usuario: p.idUsuario,
          months: p.months,
          amount_centavos: p.amount,
          expires_at: p.expiresAt,
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      return (await this.byId((row as { id: string }).id))!;
    },

    async setCheckout(id: string, checkout: { preferenceId: string; url: string }, now: Date) {
      await db('online_payments')
        .where({ id })
        .update({ preference_id: checkout.preferenceId, checkout_url: checkout.url, updated_at: now });
    },

    async noteProviderStatus(id: string, status: string, now: Date, q: Knex = db) {
      await q('online_payments')
        .where({ id })
        .update({ last_provider_status: status.slice(0, 40), updated_at: now });
    },

    /** Claims a pending row for the provider's approved payment: false when someone applied it first. */
    async claim(trx: Knex.Transaction, id: string, providerPaymentId: string, now: Date, membershipPaymentId?: string) {
      const claimed = await trx('online_payments')
        .where({ id, status: 'pendiente' })
        .update({
          status: 'aprobado',
          provider_payment_id: providerPaymentId,
          membership_payment_id: membershipPaymentId ?? null,
          last_provider_status: 'approved',
          applied_at: now,
          updated_at: now,
        })
        .returning('id');
      return claimed.length === 1;
    },

    async markRefunded(trx: Knex.Transaction, id: string, refundId: string, now: Date) {
      const done = await trx('online_payments')
        .where({ id, status: 'aprobado' })
        .update({ status: 'reembolsado', refund_id: refundId, last_provider_status: 'refunded', updated_at: now })
        .returning('id');
      return done.length === 1;
    },

    /**
     * Records a payment given back (by itself, or by staff cancelling its order), in the
     * transaction of its audit row: false when that payment was already given back, so a
     * notification that arrives twice is one refund. The one record of whether a payment went back.
     */
    async recordRefund(
      trx: Knex.Transaction,
      r: {
        onlinePaymentId: string;
        providerPaymentId: string;
        refundId: string;
        amount: Centavos;
        reason: RefundReason;
      },
      now: Date,
    ): Promise<boolean> {
      const inserted = await trx('online_refunds')
        .insert({
          online_payment_id: r.onlinePaymentId,
          provider_payment_id: r.providerPaymentId,
          refund_id: r.refundId,
          amount_centavos: r.amount,
          reason: r.reason,
          created_at: now,
        })
        .onConflict('provider_payment_id')
        .ignore()
        .returning('id');
      return inserted.length === 1;
    },

    /** A member's renewal payments given back by themselves, newest first. */
    async refundsOfMember(idUsuario: string, limit = 50) {
      const found: {
        provider_payment_id: string;
        amount_centavos: number;
        reason: string;
        created_at: Date;
      }[] = await db({ r: 'online_refunds' })
        .join({ p: 'online_payments' }, 'p.id', 'r.online_payment_id')
        .where('p.id_usuario', idUsuario)
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .select('r.provider_payment_id', 'r.amount_centavos', 'r.reason', 'r.created_at');
      return found.map((r) => ({
        providerPaymentId: r.provider_payment_id,
        amount: centavos(r.amount_centavos),
        reason: r.reason,
        createdAt: new Date(r.created_at),
      }));
    },

    async expire(id: string, now: Date) {
      await db('online_payments').where({ id, status: 'pendiente' }).update({ status: 'vencido', updated_at: now });
    },

    /** Pending rows created before `before` (the reconciliation's), the least recently touched first. */
    async pendingBefore(before: Date, limit: number): Promise<OnlinePayment[]> {
      const found: Row[] = await rows()
        .where('p.status', 'pendiente')
        .andWhere('p.created_at', '<=', before)
        .orderBy('p.updated_at')
        .limit(limit);
      return found.map(toPayment);
    },

    /** The reconciliation asked the provider about it now: it goes to the back of the queue. */
    async checked(id: string, now: Date) {
      await db('online_payments').where({ id }).update({ updated_at: now });
    },

    /** A member's renewals, newest first (the portal shows the latest). */
    async ofMember(idUsuario: string, limit = 5): Promise<OnlinePayment[]> {
      const found: Row[] = await rows().where('p.id_usuario', idUsuario).orderBy('p.created_at', 'desc').limit(limit);
      return found.map(toPayment);
    },
  };
}

export type OnlinePaymentsRepository = ReturnType<typeof createOnlinePaymentsRepository>;
