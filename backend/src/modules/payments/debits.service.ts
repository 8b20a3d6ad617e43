import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { clientMessages } from '@gym/contracts/clients';
import {
  debitMessages as dm,
  type DebitState,
  type DebitView,
  type ObservedDebitView,
  type RejectedDebitView,
} from '@gym/contracts/debits';
import { formatMoney } from '@gym/contracts/format-money';
import type { Centavos } from '@gym/contracts/money';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { paymentMessages as pm, REJECTED_PROVIDER_STATUSES } from '@gym/contracts/orders';
import type { Clock } from '../../clock';
import { Conflict, NotFound, UpstreamFailed, ValidationFailed } from '../../shared/errors';
import { firstName, UUID } from '../../shared/ids';
import type { QueuedMailer } from '../../shared/mail-retry';
import { currentContext, runWithContext } from '../../shared/request-context';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { MembershipsService } from '../memberships';
import type { MessagingService } from '../messaging';
import type { PlanReads } from '../plans';
import type { ChargeInput, Debit, DebitsRepository } from './debits.repository';
import { hasPgCode } from '../../shared/pg-error';
import { ProviderError } from './mercadopago/client';
import type { DebitProvider, IncomingNotification, ProviderAuthorizedPayment } from './provider';

export type DebitResult = 'applied' | 'already' | 'given-back' | 'noted' | 'mismatch' | 'unknown' | 'forged';

/** The provider's preapproval statuses, in ours. */
const STATE_OF: Record<string, DebitState> = {
  pending: 'pendiente',
  authorized: 'activo',
  paused: 'pausado',
  cancelled: 'cancelado',
};
/**
 * Debits the reconciliation asks about per run, and how many at once: each is two calls to the
 * provider and a few short queries (never a transaction held across a call), so 2 000 at month's
 * start take about 2 000 × 0.3 s / 4 with the provider at 150 ms, using at most 4 of the pool's
 * connections at a time.
 */
const RECONCILE_BATCH = 2000;
const RECONCILE_AT_ONCE = 4;
/**
 * A price change's new amount, sent to this many preapprovals at once: one PUT and one short
 * UPDATE each, so 2 000 debits take about 2 000 × 0.15 s / 16 with the provider at 150 ms.
 */
const REPRICE_AT_ONCE = 16;

/** A second approved charge for a month already paid: it goes back. */
class SecondOfMonth extends Error {}

const view = (d: Debit): DebitView => ({
  id: d.id,
  estado: d.status,
  plan: d.planName,
  amountCentavos: d.amount,
  createdAt: d.createdAt.toISOString(),
});

/**
 * Automatic debit of the monthly fee (issue 45): a preapproval at the plan's fee that the member
 * authorises at the provider; each billing cycle's charge, read back from the provider, records the
 * month's payment once (its row in debit_charges is claimed in the payment's transaction). A
 * rejected charge is told to the member once however many retries; a second charge of a month goes
 * back; the member, the baja and the reconciliation stop or pause it at the provider.
 */
export function createDebitsService(deps: {
  repo: DebitsRepository;
  provider: DebitProvider;
  memberships: MembershipsService;
  clients: ClientReads;
  plans: PlanReads;
  mailer: QueuedMailer;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  siteUrl: string;
  /** The WhatsApp outbox: a rejected charge goes as `pago_rechazado` to a member who opted in. */
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
}) {
  const { repo, provider, clock, logger } = deps;

  async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      logger.warn({ err: err instanceof ProviderError ? err.message : String(err) }, `mercadopago ${what} failed`);
      throw new UpstreamFailed(pm.providerDown);
    }
  }

  /** The provider did it: the audit trail says so, unless the reconciliation job is the one asking. */
  function asProvider<T>(id: string, work: () => Promise<T>): Promise<T> {
    const context = currentContext();
    if (context.requestId?.startsWith('job:')) return work();
    return runWithContext({ ip: context.ip, requestId: `mercadopago:${id}` }, work);
  }

  const chargeOf = (debit: Debit, ap: ProviderAuthorizedPayment): ChargeInput => ({
    authorizedPaymentId: ap.id,
    debitId: debit.id,
    period: tucumanToday(new Date(ap.debitDate)).slice(0, 7),
    amount: ap.amount,
    currency: ap.currency,
  });

  /** The month's payment recorded, once; a second charge of a month paid goes back. */
  async function approve(debit: Debit, ap: ProviderAuthorizedPayment, paymentId: string): Promise<DebitResult> {
    const input = chargeOf(debit, ap);
    try {
      const recorded = await deps.memberships.payOnline(
        debit.idUsuario,
        { amount: ap.amount, months: 1 },
        {
          audit: { mercadoPago: paymentId, debito: debit.id, periodo: input.period },
          run: async (trx, payment) => {
            const charge = await repo.lockCharge(trx, input, clock.now());
            if (charge.status === 'aprobado' || charge.status === 'reembolsado') throw new Conflict('already');
            if (await repo.paidInPeriod(trx, debit.id, input.period, charge.id)) throw new SecondOfMonth();
            const patch = {
              status: 'aprobado' as const,
              providerPaymentId: paymentId,
              membershipPaymentId: payment.id,
            };
            await repo.updateCharge(trx, charge.id, { ...patch, attempts: ap.retryAttempt + 1 }, clock.now());
          },
        },
      );
      await deps.memberships
        .sendReceipt(recorded.id, 'email', { queued: true })
        .catch((err: unknown) => logger.warn({ err, idUsuario: debit.idUsuario }, 'debit receipt not sent'));
      return 'applied';
    } catch (err) {
      if (err instanceof SecondOfMonth || hasPgCode(err, '23505')) return giveBack(debit, ap, paymentId, 'ya-pagada');
      // The member was archived meanwhile: nothing to pay for, the money goes back.
      if (err instanceof NotFound) return giveBack(debit, ap, paymentId, 'archivado');
      if (!(err instanceof Conflict)) throw err;
      return 'already';
    }
  }

  /** The refund's key is the payment: a retry is the same refund; its row and audit row are written once. */
  async function giveBack(
    debit: Debit,
    ap: ProviderAuthorizedPayment,
    paymentId: string,
    motivo: 'ya-pagada' | 'archivado' | 'debito-frenado',
  ): Promise<DebitResult> {
    const refund = await provider.refund(paymentId, `debito-${paymentId}`);
    await repo.transaction(async (trx) => {
      const charge = await repo.lockCharge(trx, chargeOf(debit, ap), clock.now());
      if (charge.status === 'reembolsado' || charge.status === 'aprobado') return;
      const patch = { status: 'reembolsado' as const, providerPaymentId: paymentId, refundId: refund.id };
      await repo.updateCharge(trx, charge.id, patch, clock.now());
      await deps.audit.record(trx, {
        entity: 'membresia',
        entityId: debit.idUsuario,
        action: 'devolver_pago',
        after: { mercadoPago: paymentId, reembolso: refund.id, monto: ap.amount, motivo },
      });
    });
    logger.warn({ debit: debit.id, payment: paymentId }, 'debit charge given back');
    return 'given-back';
  }

  /** Told to the member once per cycle, however many retries and notifications. */
  async function reject(debit: Debit, ap: ProviderAuthorizedPayment, paymentId: string): Promise<DebitResult> {
    const input = chargeOf(debit, ap);
    const first = await repo.transaction(async (trx) => {
      const charge = await repo.lockCharge(trx, input, clock.now());
      if (charge.status === 'aprobado' || charge.status === 'reembolsado') return null;
      const patch = { status: 'rechazado' as const, providerPaymentId: paymentId, attempts: ap.retryAttempt + 1 };
      await repo.updateCharge(trx, charge.id, patch, clock.now());
      return charge.status !== 'rechazado' ? charge.id : null;
    });
    if (first) await tellRejected(debit, input.period, first);
    return 'noted';
  }

  /**
   * By e-mail, with the link to pay another way (issue 45), and also by the `pago_rechazado`
   * WhatsApp template to a member who opted in (once per charge, its key).
   */
  async function tellRejected(debit: Debit, period: string, chargeId: string) {
    const c = await deps.clients.byId(debit.idUsuario, { archived: true });
    if (!c) return;
    const [year, month] = period.split('-');
    await deps.whatsapp
      ?.queueWhatsapp({
        clientId: c.idUsuario,
        template: 'pago_rechazado',
        params: [
          firstName(c.nombre),
          formatMoney(debit.amount).replace(/\s/g, ' '),
          `tu cuota de ${debit.planName} (${month}/${year})`,
        ],
        key: `pago_rechazado:${chargeId}`,
      })
      .catch((err: unknown) => {
        logger.warn({ err, idUsuario: debit.idUsuario }, 'rejected debit WhatsApp not queued');
        return undefined;
      });
    const text =
      `Hola ${firstName(c.nombre)}: Mercado Pago no pudo cobrar con tu débito automático la cuota de ` +
      `${formatMoney(debit.amount)} de ${month}/${year}. Va a intentarlo de nuevo en los próximos días. ` +
      `Si preferís, pagala de otra forma (Mercado Pago, transferencia o en el gimnasio) desde tu cuenta: ` +
      `${deps.siteUrl}/socio`;
    await deps.mailer
      .send(
        { to: { name: c.nombre, address: c.correo }, subject: dm.rejectedSubject, text },
        { key: `debito:${debit.id}:rechazado:${period}` },
      )
      .catch((err: unknown) => logger.warn({ err, idUsuario: debit.idUsuario }, 'rejected debit mail not sent'));
  }

  /** One billing cycle as the provider has it now; anything that does not match the plan changes nothing. */
  async function applyCharge(ap: ProviderAuthorizedPayment): Promise<DebitResult> {
    const debit = await repo.byPreapproval(ap.preapprovalId);
    if (!debit) return 'unknown';
    if (ap.currency !== 'ARS' || ap.amount !== debit.amount) {
      logger.warn(
        { debit: debit.id, charge: ap.id, amount: ap.amount, currency: ap.currency, expected: debit.amount },
        'mercadopago debit does not match the plan: ignored',
      );
      await repo.transaction(async (trx) => {
        const charge = await repo.lockCharge(trx, chargeOf(debit, ap), clock.now());
        if (charge.status === 'pendiente')
          await repo.updateCharge(trx, charge.id, { status: 'observado' }, clock.now());
      });
      return 'mismatch';
    }
    const payment = ap.payment;
    if (!payment) return 'noted';
    // Charged after it was stopped (a charge under way as the member asked): the money goes back.
    if (payment.status === 'approved' && debit.status === 'cancelado' && new Date(ap.debitDate) > debit.updatedAt)
      return asProvider(ap.id, () => giveBack(debit, ap, payment.id, 'debito-frenado'));
    if (payment.status === 'approved') return asProvider(ap.id, () => approve(debit, ap, payment.id));
    if ((REJECTED_PROVIDER_STATUSES as readonly string[]).includes(payment.status))
      return reject(debit, ap, payment.id);
    return 'noted';
  }

  /** The preapproval's status as the provider has it; one we cancelled stays cancelled here. */
  async function syncPreapproval(preapprovalId: string, q: Knex | undefined = undefined): Promise<Debit | undefined> {
    const debit = await repo.byPreapproval(preapprovalId, q);
    if (!debit || debit.status === 'cancelado') return debit;
    const found = await provider.preapproval(preapprovalId);
    const state = found && STATE_OF[found.status];
    if (!state || state === debit.status) return debit;
    await repo.transaction((trx) => repo.setStatus(trx, debit.id, state, clock.now(), 'proveedor'));
    return { ...debit, status: state };
  }

  /** Cancels at the provider at once, then here (in `q`, the caller's transaction when it holds one). */
  async function cancel(q: Knex, debit: Debit, reason: string) {
    if (debit.preapprovalId) {
      const found = await provider.preapproval(debit.preapprovalId);
      if (found && found.status !== 'cancelled')
        await provider.updatePreapproval(debit.preapprovalId, { status: 'cancelled' });
    }
    await repo.setStatus(q, debit.id, 'cancelado', clock.now(), reason);
    await deps.audit.record(q, {
      entity: 'membresia',
      entityId: debit.idUsuario,
      action: 'debito_frenar',
      after: { debito: debit.id, motivo: reason },
    });
  }

  /** Pause and archive map to the preapproval: archived cancels, a pause pauses, a resume authorises again. */
  async function followMembership(debit: Debit): Promise<void> {
    if (!debit.preapprovalId || (debit.status !== 'activo' && debit.status !== 'pausado')) return;
    if (!(await deps.clients.byId(debit.idUsuario))) return cancel(repo.reader, debit, 'archivado');
    const { membership } = await deps.memberships.detail(debit.idUsuario);
    const wanted: DebitState = membership?.pausedSince ? 'pausado' : 'activo';
    if (wanted === debit.status) return;
    await provider.updatePreapproval(debit.preapprovalId, { status: wanted === 'pausado' ? 'paused' : 'authorized' });
    await repo.setStatus(repo.reader, debit.id, wanted, clock.now());
  }

  async function names(ids: string[]) {
    return deps.clients.names([...new Set(ids)]);
  }

  return {
    applyCharge,

    /** The webhook's subscription topics: forged or stale is refused; the rest is read back from the provider. */
    async notify(n: IncomingNotification): Promise<DebitResult> {
      const check = provider.verifySubscription(n, clock.now());
      if (!check.ok) {
        logger.warn({ reason: check.reason }, 'mercadopago subscription notification refused');
        return 'forged';
      }
      if (check.topic === 'subscription_preapproval' && check.id) {
        return (await syncPreapproval(check.id)) ? 'noted' : 'unknown';
      }
      if (check.topic === 'subscription_authorized_payment' && check.id) {
        const ap = await provider.authorizedPayment(check.id);
        return ap ? applyCharge(ap) : 'unknown';
      }
      return 'unknown';
    },

    /**
     * The member chooses automatic debit: a preapproval at the plan's fee (the server's, never the
     * browser's) named after the plan; a pending one at the same fee is answered again.
     */
    async start(idUsuario: string): Promise<{ initPoint: string; debito: DebitView }> {
      const c = await deps.clients.byId(idUsuario);
      if (!c) throw new NotFound(clientMessages.notFound);
      const plan = await deps.plans.byId(c.plan);
      if (!plan || plan.cuotaMensualCentavos < 100) throw new ValidationFailed(pm.noPlanPrice);
      const amount = plan.cuotaMensualCentavos;
      const open = await repo.openFor(idUsuario);
      if (open && open.status !== 'pendiente') throw new Conflict(dm.alreadyActive);
      if (open?.initPoint && open.amount === amount && open.planName === plan.nombrePlan)
        return { initPoint: open.initPoint, debito: view(open) };
      if (open) await calling('cancel', () => cancel(repo.reader, open, 'reemplazado'));
      const debit = await repo.insert(
        { idUsuario, idPlan: plan.idPlan, planName: plan.nombrePlan, amount },
        clock.now(),
      );
      if (!debit) throw new Conflict(dm.alreadyActive);
      try {
        const pre = await provider.createPreapproval({
          reason: `Cuota mensual: ${plan.nombrePlan}`,
          reference: `debito-${debit.id}`,
          payerEmail: c.correo,
          amount,
          backUrl: `${deps.siteUrl}/socio?debito=mercadopago`,
        });
        await repo.transaction(async (trx) => {
          await repo.setPreapproval(trx, debit.id, { preapprovalId: pre.id, initPoint: pre.initPoint }, clock.now());
          const after = { debito: debit.id, plan: plan.nombrePlan, monto: amount, mercadoPago: pre.id };
          await deps.audit.record(trx, { entity: 'membresia', entityId: idUsuario, action: 'debito_activar', after });
        });
        return { initPoint: pre.initPoint, debito: view(debit) };
      } catch (err) {
        await repo.setStatus(repo.reader, debit.id, 'cancelado', clock.now(), 'proveedor');
        logger.warn(
          { err: err instanceof ProviderError ? err.message : String(err) },
          'mercadopago preapproval failed',
        );
        throw new UpstreamFailed(pm.providerDown);
      }
    },

    /** The member's debit (the open one, else the latest), asked of the provider while it waits to be authorised. */
    async mine(idUsuario: string): Promise<DebitView | null> {
      const latest = await repo.latestFor(idUsuario);
      if (!latest) return null;
      if (latest.status !== 'pendiente' || !latest.preapprovalId) return view(latest);
      const synced = await calling('status', () => syncPreapproval(latest.preapprovalId!));
      return view(synced ?? latest);
    },

    /** The member stops their debit: cancelled at the provider at once; someone else's is 404. */
    async stop(idUsuario: string, id: string): Promise<{ message: string; debito: DebitView }> {
      const debit = UUID.test(id) ? await repo.byId(id) : undefined;
      if (!debit || debit.idUsuario !== idUsuario) throw new NotFound(dm.notFound);
      if (debit.status === 'cancelado') return { message: dm.alreadyStopped, debito: view(debit) };
      await calling('cancel', () => cancel(repo.reader, debit, 'socio'));
      return { message: dm.stopped, debito: view({ ...debit, status: 'cancelado' }) };
    },

    /**
     * Another module stops a member's debit at once (the botón de baja, an archive): cancelled at
     * the provider, recorded in `q` (its transaction). False when the member had none open.
     */
    async stopFor(q: Knex, idUsuario: string, reason: string): Promise<boolean> {
      const debit = await repo.openFor(idUsuario, q);
      if (!debit) return false;
      await cancel(q, debit, reason);
      return true;
    },

    /** Pause and archive of one member, mapped to their preapproval at once. */
    async followMembershipOf(idUsuario: string): Promise<void> {
      const debit = await repo.openFor(idUsuario);
      if (debit) await followMembership(debit);
    },

    /**
     * A plan's new fee on the date of a price change (issue 47): each open debit on the plan takes
     * the amount at the provider, then here (so its charges match); one already at it is skipped, so
     * a retry after a failure changes only the rest. One that fails is logged and counted.
     */
    async reprice(idPlan: number, amount: Centavos): Promise<{ cambiados: number; errores: number }> {
      const counts = { cambiados: 0, errores: 0 };
      const debits = (await repo.openOnPlan(idPlan)).filter((d) => d.amount !== amount);
      let next = 0;
      const worker = async () => {
        for (let debit = debits[next++]; debit; debit = debits[next++]) {
          try {
            if (debit.preapprovalId) await provider.updatePreapproval(debit.preapprovalId, { amount });
            await repo.setAmount(debit.id, amount, clock.now());
            counts.cambiados++;
          } catch (err) {
            counts.errores++;
            logger.warn(
              { err: err instanceof ProviderError ? err.message : String(err), debit: debit.id },
              'mercadopago debit amount not changed',
            );
          }
        }
      };
      await Promise.all(Array.from({ length: REPRICE_AT_ONCE }, worker));
      return counts;
    },

    /** The desk's "Débitos rechazados": cycles the provider could not charge (yet), newest first. */
    async rejected(): Promise<RejectedDebitView[]> {
      const rows = await repo.chargesIn('rechazado');
      const named = await names(rows.map((r) => r.idUsuario));
      return rows.map((r) => ({
        idUsuario: r.idUsuario,
        nombre: named.get(r.idUsuario) ?? r.idUsuario,
        periodo: r.period,
        amountCentavos: r.amount,
        intentos: r.attempts,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },

    /** Charges whose amount or currency did not match the plan: ignored, listed for the owner. */
    async observed(): Promise<ObservedDebitView[]> {
      const rows = await repo.chargesIn('observado');
      const named = await names(rows.map((r) => r.idUsuario));
      return rows.map((r) => ({
        idUsuario: r.idUsuario,
        nombre: named.get(r.idUsuario) ?? r.idUsuario,
        periodo: r.period,
        amountCentavos: r.amount,
        currency: r.currency,
        expectedCentavos: r.expected,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },

    /**
     * The reconciliation: open debits, the least recently checked first: their status, the member's
     * pause or archive, and every charge the provider made (a lost notification loses nothing). One
     * that fails is logged and the rest go on.
     */
    async reconcile(): Promise<{ debitos: number; cobros: number; errores: number }> {
      const debits = await repo.toCheck(RECONCILE_BATCH);
      const counts = { debitos: debits.length, cobros: 0, errores: 0 };
      let next = 0;
      const worker = async () => {
        for (let debit = debits[next++]; debit; debit = debits[next++]) {
          try {
            const now = await syncPreapproval(debit.preapprovalId!);
            if (now) await followMembership(now);
            for (const ap of await provider.authorizedPaymentsOf(debit.preapprovalId!))
              if ((await applyCharge(ap)) === 'applied') counts.cobros++;
            await repo.checked(debit.id, clock.now());
          } catch (err) {
            counts.errores++;
            logger.warn({ err: String(err), debit: debit.id }, 'mercadopago reconciliation of one debit failed');
          }
        }
      };
      await Promise.all(Array.from({ length: RECONCILE_AT_ONCE }, worker));
      return counts;
    },
  };
}

export type DebitsService = ReturnType<typeof createDebitsService>;
