import { countOf } from '@gym/contracts/format';
import {
  orderMessages,
  PAID_BY_MERCADOPAGO,
  paymentMessages as m,
  REJECTED_PROVIDER_STATUSES,
  type OnlinePaymentOutcome,
  type OnlinePaymentView,
  type OnlineRefundView,
  type RenewalRefundReason,
} from '@gym/contracts/orders';
import { sumOf, times } from '@gym/contracts/money';
import { RECORD_CODE_PATTERN } from '@gym/contracts/clients';
import type { StaffAccount } from '@gym/contracts/accounts';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { Conflict, NotFound, TooManyRequests, UpstreamFailed, ValidationFailed } from '../../shared/errors';
import { currentContext, runWithContext } from '../../shared/request-context';
import type { Throttle } from '../../shared/throttle';
import type { AuditRecorder } from '../audit';
import type { MembershipsService } from '../memberships';
import type { OrderRecord, OrdersService } from '../orders';
import { ProviderError } from './mercadopago/client';
import type { OnlinePayment, OnlinePaymentsRepository } from './online-payments.repository';
import type { IncomingNotification, PaymentProvider, ProviderPayment } from './provider';

export interface PaymentsSettings {
  siteUrl: string;
  /** How long an unpaid order holds its stock: its checkout expires with it. */
  hold: { unpaidHours: number; large: { units: number; unpaidHours: number } };
}

/** What happened to one provider payment we were told about. */
export type ApplyResult = 'applied' | 'already' | 'given-back' | 'noted' | 'mismatch' | 'unknown' | 'forged';

/** A renewal's checkout stays open a day; after that the member starts another. */
const RENEWAL_HOURS = 24;
const HOUR = 3_600_000;
/** Rows the reconciliation asks about per run (every 5 minutes). */
const RECONCILE_BATCH = 200;

function outcomeOf(p: OnlinePayment): OnlinePaymentOutcome {
  if (p.status !== 'pendiente') return p.status;
  if (p.lastProviderStatus === null) return 'sin-pago';
  return (REJECTED_PROVIDER_STATUSES as readonly string[]).includes(p.lastProviderStatus) ? 'rechazado' : 'pendiente';
}

export const viewOf = (p: OnlinePayment): OnlinePaymentView => ({
  outcome: outcomeOf(p),
  amountCentavos: p.amount,
  months: p.target.kind === 'cuota' ? p.target.months : null,
  createdAt: p.createdAt.toISOString(),
});

const staffName = (a: StaffAccount) => `${a.name} ${a.lastname}`.trim() || a.email;

/**
 * Money taken online (issue 29). The provider's notification is only a hint: the payment is read
 * from the provider and applied only when its reference, amount and currency are ours, once (the
 * row is claimed in the transaction that marks the order paid or records the membership payment).
 * Everything applied is audited with the provider as its actor (or the reconciliation job).
 */
export function createPaymentsService(deps: {
  repo: OnlinePaymentsRepository;
  provider: PaymentProvider;
  orders: OrdersService;
  memberships: MembershipsService;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  settings: PaymentsSettings;
  /** New renewals a member may start per window (MEMBER_RENEWALS_PER_10_MIN), counted in PostgreSQL. */
  renewals: Throttle;
}) {
  const { repo, provider, orders, clock, logger, settings } = deps;
  const notificationUrl = `${settings.siteUrl}/v1/pagos/mercadopago/webhook`;

  /** The provider did it: the audit trail says so, unless the reconciliation job is the one asking. */
  function asProvider<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    const context = currentContext();
    if (context.requestId?.startsWith('job:')) return work();
    return runWithContext({ ip: context.ip, requestId: `mercadopago:${paymentId}` }, work);
  }

  /** A provider that fails is logged (its status only) and told to the person in Spanish. */
  async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      logger.warn({ err: err instanceof ProviderError ? err.message : String(err) }, `mercadopago ${what} failed`);
      throw new UpstreamFailed(m.providerDown);
    }
  }

  async function approve(row: OnlinePayment, payment: ProviderPayment): Promise<ApplyResult> {
    const audit = { mercadoPago: payment.id };
    const claim = (trx: Parameters<OnlinePaymentsRepository['claim']>[0], membershipPaymentId?: string) =>
      repo.claim(trx, row.id, payment.id, clock.now(), membershipPaymentId).then((claimed) => {
        // Someone applied it a moment ago: this transaction undoes itself, the first one stands.
        if (!claimed) throw new Conflict('already applied');
      });
    try {
      if (row.target.kind === 'pedido') {
        await orders.settle(row.target.numero, 'pagado', PAID_BY_MERCADOPAGO, { run: (trx) => claim(trx), audit });
      } else {
        const { idUsuario, months } = row.target;
        const recorded = await deps.memberships.payOnline(
          idUsuario,
          { amount: payment.amount, months },
          { run: (trx, p) => claim(trx, p.id), audit },
        );
        // The receipt goes out by e-mail; if it cannot, the payment stands and the portal has it.
        await deps.memberships
          .sendReceipt(recorded.id, 'email', { queued: true })
          .catch((err: unknown) => logger.warn({ err, idUsuario }, 'online payment receipt not sent'));
      }
      return 'applied';
    } catch (err) {
      if (!(err instanceof Conflict) && !(err instanceof NotFound)) throw err;
      const now = await repo.byId(row.id);
      if (now?.status === 'aprobado' && now.providerPaymentId === payment.id) return 'already';
      // The order was cancelled meanwhile (its hold ended, a cash ticket paid days later) or paid
      // otherwise; the renewal was paid by another payment, or its member archived (still pending).
      return giveBack(now ?? row, payment);
    }
  }

  /** Why a renewal's approved payment cannot be applied, from its row as it is now. */
  const renewalReason = (row: OnlinePayment): RenewalRefundReason =>
    row.status === 'vencido' ? 'vencida' : row.status === 'pendiente' ? 'archivado' : 'ya-pagada';

  /**
   * An approved payment for something that can no longer take it (an order cancelled or already
   * paid; a renewal already paid, expired, or of a member archived): the money goes back at once
   * (the refund's key is the payment, so a retry is the same refund), and its row in
   * online_refunds and its audit row are written together, once however many notifications ask.
   */
  async function giveBack(row: OnlinePayment, payment: ProviderPayment): Promise<ApplyResult> {
    const refund = await provider.refund(payment.id, `devolucion-${payment.id}`);
    const order = row.target.kind === 'pedido' ? await orders.stored(row.target.numero) : undefined;
    await repo.transaction(async (trx) => {
      const locked = (await repo.lock(trx, row.id)) ?? row;
      const { target } = locked;
      const reason = target.kind === 'pedido' ? 'pedido-cerrado' : renewalReason(locked);
      const recorded = await repo.recordRefund(
        trx,
        { onlinePaymentId: row.id, providerPaymentId: payment.id, refundId: refund.id, amount: payment.amount, reason },
        clock.now(),
      );
      if (!recorded) return;
      const after = { mercadoPago: payment.id, reembolso: refund.id, monto: payment.amount };
      await deps.audit.record(
        trx,
        target.kind === 'pedido'
          ? {
              entity: 'pedido',
              entityId: target.numero,
              action: 'devolver_pago',
              after: { ...after, estado: order?.estado ?? null },
            }
          : {
              entity: 'membresia',
              entityId: target.idUsuario,
              action: 'devolver_pago',
              after: { ...after, motivo: reason },
            },
      );
    });
    logger.warn({ reference: row.reference, payment: payment.id }, 'approved payment given back');
    return 'given-back';
  }

  /** Applies what the provider says of one payment of ours; anything that does not match changes nothing. */
  async function apply(payment: ProviderPayment): Promise<ApplyResult> {
    const row = payment.reference ? await repo.byReference(payment.reference) : undefined;
    if (!row) return 'unknown';
    if (payment.currency !== 'ARS' || payment.amount !== row.amount) {
      logger.warn(
        { reference: row.reference, payment: payment.id, amount: payment.amount, currency: payment.currency },
        'mercadopago payment does not match what we asked for: ignored',
      );
      return 'mismatch';
    }
    if (payment.status === 'approved') {
      if (row.status !== 'pendiente' && row.providerPaymentId === payment.id) return 'already';
      // A second approved payment for something already paid goes back.
      return asProvider(payment.id, () =>
        row.status === 'pendiente' ? approve(row, payment) : giveBack(row, payment),
      );
    }
    // Pending, rejected, cancelled: what the person is shown, while nothing has been approved.
    if (row.status === 'pendiente') await repo.noteProviderStatus(row.id, payment.status, clock.now());
    return 'noted';
  }

  /** Asks the provider about one of our payments (the return from checkout, the job): an approved one wins. */
  async function sync(row: OnlinePayment): Promise<OnlinePayment> {
    if (row.status !== 'pendiente') return row;
    const found = await provider.paymentsFor(row.reference);
    const chosen = found.find((p) => p.status === 'approved') ?? found[0];
    if (chosen) await apply(chosen);
    return (await repo.byId(row.id))!;
  }

  async function payableOrder(numero: string, token: string | undefined) {
    const order = await orders.storedWithToken(numero, token);
    if (order.pago !== 'mercadopago') throw new Conflict(m.notMercadoPago);
    return order;
  }

  return {
    apply,
    sync,

    /** The webhook: a forged or stale notification is refused; a genuine one is read back from the provider. */
    async notify(n: IncomingNotification): Promise<ApplyResult> {
      const check = provider.verify(n, clock.now());
      if (!check.ok) {
        logger.warn({ reason: check.reason }, 'mercadopago notification refused');
        return 'forged';
      }
      if (check.paymentId === null) return 'unknown';
      const payment = await provider.payment(check.paymentId);
      return payment ? apply(payment) : 'unknown';
    },

    /** A checkout for a pending order paid with Mercado Pago (on placing it, and on every retry). */
    async checkoutOrder(numero: string, token: string | undefined): Promise<{ checkoutUrl: string }> {
      const order = await payableOrder(numero, token);
      const units = order.lineas.reduce((n, l) => n + l.cantidad, 0);
      const { unpaidHours, large } = settings.hold;
      const hours = units > large.units ? Math.min(large.unpaidHours, unpaidHours) : unpaidHours;
      const expiresAt = new Date(new Date(order.createdAt).getTime() + hours * HOUR);
      if (order.estado !== 'pendiente' || expiresAt <= clock.now()) throw new Conflict(m.notPayable);
      const amount = order.totalCentavos;
      const row = await repo.upsertForOrder({ orderId: order.id, numero, amount, expiresAt }, clock.now());
      if (row.status !== 'pendiente') throw new Conflict(m.notPayable);
      const items = order.lineas.map((l) => ({
        id: l.producto,
        title: [l.nombre, l.talle && `talle ${l.talle}`, l.color].filter(Boolean).join(' · '),
        quantity: l.cantidad,
        unitPrice: l.precioCentavos,
      }));
      if (sumOf(items.map((i) => times(i.unitPrice, i.quantity))) !== amount)
        throw new Error('order lines do not add up');
      const checkout = await calling('checkout', () =>
        provider.createCheckout({
          reference: row.reference,
          items,
          payerEmail: order.comprador.email,
          backUrl: `${settings.siteUrl}/pedido/${numero}?t=${encodeURIComponent(order.token)}`,
          notificationUrl,
          expiresAt,
        }),
      );
      await repo.setCheckout(row.id, { preferenceId: checkout.id, url: checkout.checkoutUrl }, clock.now());
      return { checkoutUrl: checkout.checkoutUrl };
    },

    /** The buyer back from the checkout (or reloading the page): the provider is asked, then shown. */
    async orderStatus(numero: string, token: string | undefined): Promise<OnlinePaymentView> {
      const order = await payableOrder(numero, token);
      const row = await repo.forOrder(order.id);
      if (!row)
        return { outcome: 'sin-pago', amountCentavos: order.totalCentavos, months: null, createdAt: order.createdAt };
      return viewOf(await calling('status', () => sync(row)));
    },

    /**
     * Staff cancel a paid Mercado Pago order: the refund first (its key makes a retry the same
     * refund), then the cancellation and the stock back; a refund refused changes nothing.
     */
    async refundOrder(numero: string, account: StaffAccount): Promise<{ order: OrderRecord; message: string }> {
      const order = await orders.stored(numero);
      if (!order) throw new NotFound(orderMessages.notFound);
      const row = await repo.forOrder(order.id);
      if (order.pago !== 'mercadopago' || order.estado !== 'pagado' || row?.status !== 'aprobado')
        throw new Conflict(m.notRefundable);
      let refund: { id: string };
      try {
        refund = await provider.refund(row.providerPaymentId!, `reembolso-${row.id}`);
      } catch (err) {
        logger.warn({ err: String(err), numero }, 'mercadopago refund failed');
        throw new UpstreamFailed(m.refundFailed(err instanceof ProviderError ? err.status : 0));
      }
      const updated = await orders.settle(numero, 'cancelado', staffName(account), {
        audit: { reembolso: refund.id },
        // In the transaction of the order's audit row: the payment marked refunded, and its refund recorded.
        run: async (trx) => {
          if (!(await repo.markRefunded(trx, row.id, refund.id, clock.now()))) throw new Conflict(m.notRefundable);
          await repo.recordRefund(
            trx,
            {
              onlinePaymentId: row.id,
              providerPaymentId: row.providerPaymentId!,
              refundId: refund.id,
              amount: row.amount,
              reason: 'pedido-cancelado',
            },
            clock.now(),
          );
        },
      });
      return { order: updated, message: m.refunded };
    },

    /**
     * The member's renewal: N months at the plan's monthly fee, checked out with the provider. An
     * open one for the same months (two tabs, the back button, a retry) is answered again; new ones
     * are at most MEMBER_RENEWALS_PER_10_MIN per member (each is a preference and a row the
     * reconciliation asks about for a day).
     */
    async startRenewal(idUsuario: string, meses: number): Promise<{ checkoutUrl: string }> {
      const { planPriceCentavos: planPrice } = await deps.memberships.detail(idUsuario);
      if (planPrice < 100) throw new ValidationFailed(m.noPlanPrice);
      const amount = times(planPrice, meses);
      const now = clock.now();
      const open = await repo.openRenewal(idUsuario, meses, amount, now);
      if (open?.checkoutUrl) return { checkoutUrl: open.checkoutUrl };
      const use = await deps.renewals.take(`renovacion:${idUsuario}`);
      if (!use.allowed) throw new TooManyRequests(m.tooManyRenewals, deps.renewals.retryAfterSeconds);
      const expiresAt = new Date(now.getTime() + RENEWAL_HOURS * HOUR);
      const row = await repo.insertRenewal({ idUsuario, months: meses, amount, expiresAt }, now);
      const checkout = await calling('checkout', () =>
        provider.createCheckout({
          reference: row.reference,
          // One item for the whole period: the provider's page reads "Cuota del gimnasio (2 meses) × 1".
          items: [
            {
              id: `cuota-${meses}`,
              title: `Cuota del gimnasio (${countOf(meses, 'mes', 'meses')})`,
              quantity: 1,
              unitPrice: amount,
            },
          ],
          backUrl: `${settings.siteUrl}/socio?pago=mercadopago`,
          notificationUrl,
          expiresAt,
        }),
      );
      await repo.setCheckout(row.id, { preferenceId: checkout.id, url: checkout.checkoutUrl }, now);
      return { checkoutUrl: checkout.checkoutUrl };
    },

    /** A member's renewal payments given back by themselves (staff, beside the member's payments). */
    async memberRefunds(idUsuario: string): Promise<OnlineRefundView[]> {
      if (!RECORD_CODE_PATTERN.test(idUsuario)) return [];
      return (await repo.refundsOfMember(idUsuario)).map((r) => ({
        mercadoPago: r.providerPaymentId,
        amountCentavos: r.amount,
        reason: r.reason as RenewalRefundReason,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** The member's latest renewal online, asked of the provider while it is pending; null when none. */
    async latestRenewal(idUsuario: string): Promise<OnlinePaymentView | null> {
      const [latest] = await repo.ofMember(idUsuario, 1);
      if (!latest) return null;
      return viewOf(latest.status === 'pendiente' ? await calling('status', () => sync(latest)) : latest);
    },

    /**
     * The reconciliation: rows still pending after `minutes` are asked about, the least recently
     * asked first (so a backlog of abandoned checkouts never hides a newer payment), a lost
     * notification losing nothing; one past its expiry with nothing approved is closed. A provider
     * that fails for one row is logged and the rest go on.
     */
    async reconcile(
      minutes: number,
    ): Promise<{ revisados: number; aplicados: number; vencidos: number; errores: number }> {
      const now = clock.now();
      const rows = await repo.pendingBefore(new Date(now.getTime() - minutes * 60_000), RECONCILE_BATCH);
      const counts = { revisados: rows.length, aplicados: 0, vencidos: 0, errores: 0 };
      for (const row of rows) {
        try {
          const after = await sync(row);
          await repo.checked(row.id, now);
          if (after.status === 'aprobado') counts.aplicados++;
          else if (after.status === 'pendiente' && after.expiresAt.getTime() + HOUR < now.getTime()) {
            await repo.expire(row.id, now);
            counts.vencidos++;
          }
        } catch (err) {
          counts.errores++;
          logger.warn(
            { err: String(err), reference: row.reference },
            'mercadopago reconciliation of one payment failed',
          );
        }
      }
      return counts;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
