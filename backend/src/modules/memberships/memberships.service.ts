import type { Knex } from 'knex';
import { aptoValidUntil, paymentPeriod, pausedDays } from '@gym/contracts/membership-rules';
import { clientMessages, RECORD_CODE_PATTERN, type Client } from '@gym/contracts/clients';
import { membershipMessages as m, type MembershipDetail, type Payment } from '@gym/contracts/memberships';
import { times, ZERO, type Centavos } from '@gym/contracts/money';
import { tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { formatDay } from '@gym/contracts/format-dates';
import { whatsappLink } from '../../shared/whatsapp';
import type { Clock } from '../../clock';
import { Conflict, NotFound, UpstreamFailed, ValidationFailed } from '../../shared/errors';
import type { QueuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { currentContext } from '../../shared/request-context';
import type { AuditRecorder } from '../audit';
import type { InvoiceOutbox, InvoiceReads } from '../invoices';
import type { MessagingService } from '../messaging';
import type { ClientReads } from '../clients';
import type { PlanReads } from '../plans';
import { toMembership, type MembershipsRepository } from './memberships.repository';
import { receiptPdf, type ReceiptGym } from './receipt-pdf';
import type { RemindersRepository } from './reminders.repository';
import { firstName, UUID } from '../../shared/ids';

/** Runs in a payment's transaction once it is recorded; `audit` adds to the payment's audit row. */
export interface PaymentHook {
  run: (trx: Knex.Transaction, payment: Payment) => Promise<void>;
  audit: Record<string, unknown>;
}

/** A payment staff record at the desk; no amount is the plan's monthly fee × the months. */
export interface DeskPayment {
  amountCentavos?: Centavos;
  method: Exclude<Payment['method'], 'mercadopago'>;
  months: number;
  note?: string;
  /** No invoice for it, where the owner allows it (the outbox refuses it otherwise). */
  sinFactura?: boolean;
}

/** A certificate's date, and the due date staff name (else a year from it). */
export interface AptoInput {
  fecha: IsoDate;
  vence?: IsoDate;
}

/**
 * One client's membership: payments move paid-until forward and a void takes back the days its
 * payment added; a pause gives back every paused day on resume. Each write is one transaction
 * holding the membership's row lock, so two desks recording at once never lose a day.
 */
export function createMembershipsService(deps: {
  memberships: MembershipsRepository;
  reminders: RemindersRepository;
  clients: ClientReads;
  plans: PlanReads;
  clock: Clock;
  audit: AuditRecorder;
  /** What a receipt prints of the gym. */
  gym: ReceiptGym;
  /** The plain mailer: a receipt staff send shows a failure. */
  mailer: Mailer;
  /** The one outbox: a receipt nobody waits for (after an online payment) is queued, once per payment. */
  outbox?: QueuedMailer;
  /** The site's address, for the portal link in a sent receipt. */
  siteUrl: string;
  /** While invoicing is on: each payment's Factura C and each void's credit note, in its transaction. */
  invoices?: InvoiceOutbox;
  /** A payment's authorised Factura C, which its receipt then prints (CAE, number, QR). */
  invoiceReads?: Pick<InvoiceReads, 'authorisedForPayment'>;
  /** The WhatsApp outbox (messaging): a receipt goes as the `recibo_listo` template to a member who opted in. */
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
}) {
  const { memberships, reminders, clients, plans, clock, audit } = deps;
  const today = () => tucumanToday(clock.now());

  /** A payment, its client and its receipt's PDF; `owner` limits it to that member's payments. */
  async function receiptOf(id: string, owner?: string) {
    const payment = UUID.test(id) ? await memberships.findPayment(id) : undefined;
    if (!payment || (owner !== undefined && payment.idUsuario !== owner)) throw new NotFound(m.paymentNotFound);
    const c = await clients.byId(payment.idUsuario, { archived: true });
    const member = { nombre: c?.nombre ?? payment.idUsuario, idUsuario: payment.idUsuario };
    return {
      filename: `recibo-${payment.receipt}.pdf`,
      pdf: await receiptPdf(payment, member, deps.gym, await deps.invoiceReads?.authorisedForPayment(payment.id)),
      payment,
      client: c,
    };
  }

  async function client(idUsuario: string) {
    const found = RECORD_CODE_PATTERN.test(idUsuario) ? await clients.byId(idUsuario) : undefined;
    if (!found) throw new NotFound(clientMessages.notFound);
    return found;
  }

  /**
   * The membership's row, locked for the transaction; a client archived or deleted meanwhile is 404.
   * The client's row is held (FOR SHARE) first, so an archive or delete under way finishes before and is seen here.
   */
  async function lockMembership(...args: Parameters<MembershipsRepository['lock']>) {
    const [trx, idUsuario] = args;
    if (!(await clients.hold(trx, idUsuario, 'share'))) throw new NotFound(clientMessages.notFound);
    return memberships.lock(...args);
  }

  /** Reads only, so no transaction: one that waited on a query outside it would deadlock PGlite's single connection. */
  async function detail(idUsuario: string): Promise<MembershipDetail> {
    return detailOf(await client(idUsuario));
  }

  /** After a write, the client found before it: archived meanwhile, the write still happened and is shown. */
  async function detailOf(c: Client): Promise<MembershipDetail> {
    const db = memberships.reader;
    const row = await memberships.find(db, c.idUsuario);
    return {
      membership: row ? toMembership(row, today()) : null,
      planPriceCentavos: await priceOf(c),
      payments: await memberships.payments(db, c.idUsuario),
      pauses: await memberships.pauses(db, c.idUsuario),
      reminders: await reminders.list(c.idUsuario),
    };
  }

  async function priceOf(c: Client): Promise<Centavos> {
    return (await plans.byId(c.plan))?.cuotaMensualCentavos ?? ZERO;
  }

  /**
   * One transaction holding the membership's row lock: paid-until moves, the audit row and the
   * payment (with its receipt number) are written, then `also.run` (which may still undo it all).
   */
  async function record(
    c: Client,
    input: {
      amountCentavos: Centavos;
      planPriceCentavos: Centavos;
      method: Payment['method'];
      months: number;
      note?: string;
      sinFactura?: boolean;
    },
    also?: PaymentHook,
  ): Promise<Payment> {
    // Read before the transaction: PGlite's one connection is the transaction's meanwhile.
    const dni = deps.invoices ? (await clients.dni(c.idUsuario))?.dni : undefined;
    return memberships.transaction(async (trx) => {
      const now = clock.now();
      const current = await lockMembership(trx, c.idUsuario, today());
      const period = paymentPeriod(
        { paidUntil: current.paid_until, cycleDay: current.cycle_day },
        input.months,
        today(),
      );
      await memberships.update(trx, c.idUsuario, { paid_until: period.to, cycle_day: period.cycleDay }, now);
      const { amountCentavos: amount, method, months } = input;
      // The audit row's `amount` is centavos, as it has always been written (audit-sentences reads it).
      await audit.record(trx, {
        entity: 'membresia',
        entityId: c.idUsuario,
        action: 'registrar_pago',
        before: { paidUntil: current.paid_until },
        after: {
          paidUntil: period.to,
          amount,
          method,
          months,
          ...(input.sinFactura && deps.invoices && { factura: 'sin_factura' }),
          ...also?.audit,
        },
      });
      const recorded = await memberships.insertPayment(
        trx,
        {
          idUsuario: c.idUsuario,
          amountCentavos: amount,
          planPriceCentavos: input.planPriceCentavos,
          idPlan: c.plan,
          method,
          months,
          periodFrom: period.from,
          periodTo: period.to,
          days: period.days,
          note: input.note || null,
          recordedBy: currentContext().actor?.email ?? null,
        },
        now,
      );
      await deps.invoices?.forMembershipPayment(trx, recorded, { dni, sinFactura: input.sinFactura });
      await also?.run(trx, recorded);
      return recorded;
    });
  }

  return {
    detail,

    /**
     * The amount defaults to the plan's price × months; the price of that moment is kept with it.
     * `also.run` runs in the payment's transaction once it is recorded (an approved transfer claims
     * its upload there): if it throws, nothing of the payment stays, its receipt number included.
     * `also.audit` adds to the payment's audit row (which upload it came from).
     */
    async pay(
      idUsuario: string,
      input: DeskPayment,
      also?: PaymentHook,
    ): Promise<{ payment: Payment; detail: MembershipDetail }> {
      const c = await client(idUsuario);
      const planPriceCentavos = await priceOf(c);
      const amountCentavos = input.amountCentavos ?? times(planPriceCentavos, input.months);
      const { method, months, note, sinFactura } = input;
      const payment = await record(c, { amountCentavos, planPriceCentavos, method, months, note, sinFactura }, also);
      return { payment, detail: await detailOf(c) };
    },

    /**
     * A payment the provider approved (Mercado Pago): the amount it charged, recorded as
     * `mercadopago`; `also.run` claims the online payment in the same transaction.
     */
    async payOnline(idUsuario: string, p: { amount: Centavos; months: number }, also: PaymentHook): Promise<Payment> {
      const c = await client(idUsuario);
      const input = {
        amountCentavos: p.amount,
        months: p.months,
        planPriceCentavos: await priceOf(c),
        method: 'mercadopago' as const,
        note: 'Pago con Mercado Pago',
      };
      return record(c, input, also);
    },

    /**
     * A payment's receipt as a PDF. `owner` (the portal's member) limits it to their own payments:
     * anyone else's is the same 404 as an unknown one.
     */
    async receipt(id: string, owner?: string): Promise<{ filename: string; pdf: Buffer }> {
      const { filename, pdf } = await receiptOf(id, owner);
      return { filename, pdf };
    },

    /**
     * Staff send a receipt: by e-mail with the PDF attached, or as a WhatsApp message ready to open
     * (a chat link carries no file: it names the receipt and where the member downloads it).
     */
    async sendReceipt(
      id: string,
      channel: 'email' | 'whatsapp',
      /** `queued`: nobody waits (a payment online): the mail goes through the outbox, keyed by the payment. */
      options: { queued?: boolean } = {},
    ): Promise<{ message: string; whatsappUrl: string | null }> {
      const { filename, pdf, payment, client: c } = await receiptOf(id);
      if (!c) throw new NotFound(clientMessages.notFound);
      const text =
        `Hola ${firstName(c.nombre)}: te enviamos el recibo ${payment.receipt} de tu pago de ` +
        `${formatMoney(payment.amountCentavos)} (del ${formatDay(payment.periodFrom)} al ${formatDay(payment.periodTo)}). ` +
        `También lo descargás en tu cuenta: ${deps.siteUrl}/socio`;
      let whatsappUrl: string | null = null;
      let message: string = m.receiptSent;
      if (channel === 'whatsapp') {
        // A member who opted in gets the template by the Cloud API (once per receipt); anyone else, a chat link.
        const queued = await deps.whatsapp?.queueWhatsapp({
          clientId: c.idUsuario,
          template: 'recibo_listo',
          params: [firstName(c.nombre), payment.receipt, formatMoney(payment.amountCentavos).replace(/\s/g, ' ')],
          key: `recibo_listo:${payment.id}`,
        });
        if (queued?.queued) message = m.receiptQueued;
        else {
          whatsappUrl = whatsappLink(c.celular, text);
          if (!whatsappUrl) throw new Conflict(m.receiptNoPhone);
          message = m.receiptLinkReady;
        }
      } else {
        const attachments = [{ filename, content: pdf, contentType: 'application/pdf' }];
        const mail = {
          to: { name: c.nombre, address: c.correo },
          subject: `Tu recibo ${payment.receipt}`,
          text,
          attachments,
        };
        if (options.queued && deps.outbox) await deps.outbox.send(mail, { key: `recibo:${payment.id}:correo` });
        else
          try {
            await deps.mailer.send(mail);
          } catch {
            throw new UpstreamFailed(m.receiptNotSent);
          }
      }
      await memberships.transaction((trx) =>
        audit.record(trx, {
          entity: 'membresia',
          entityId: payment.idUsuario,
          action: 'enviar_recibo',
          after: { recibo: payment.receipt, canal: channel },
        }),
      );
      return { message, whatsappUrl };
    },

    /** Never edited nor deleted: a void keeps the row, its reason, and takes back the days it added. */
    async voidPayment(id: string, reason: string): Promise<MembershipDetail> {
      if (!UUID.test(id)) throw new NotFound(m.paymentNotFound);
      const idUsuario = await memberships.transaction(async (trx) => {
        const payment = await memberships.lockPayment(trx, id);
        if (!payment) throw new NotFound(m.paymentNotFound);
        if (payment.voidedAt) throw new Conflict(m.alreadyVoided);
        await lockMembership(trx, payment.idUsuario, today());
        await memberships.voidPayment(trx, id, reason, clock.now());
        await deps.invoices?.creditNoteForPayment(trx, id);
        await memberships.shiftPaidUntil(trx, payment.idUsuario, -payment.days, clock.now());
        const after = { pago: id, motivo: reason, dias: -payment.days };
        await audit.record(trx, { entity: 'membresia', entityId: payment.idUsuario, action: 'anular_pago', after });
        return payment.idUsuario;
      });
      return detailOf((await clients.byId(idUsuario, { archived: true }))!);
    },

    async pause(idUsuario: string, motivo: string): Promise<MembershipDetail> {
      const c = await client(idUsuario);
      await memberships.transaction(async (trx) => {
        // A throw rolls back the empty membership lock() may have created.
        const locked = await lockMembership(trx, c.idUsuario, today());
        if (!locked.paid_until) throw new Conflict(m.noMembership);
        if (locked.paused_since) throw new Conflict(m.alreadyPaused);
        if (locked.paid_until < today()) throw new Conflict(m.expiredPause);
        await memberships.openPause(trx, c.idUsuario, motivo, today(), clock.now());
        const after = { desde: today(), motivo };
        await audit.record(trx, { entity: 'membresia', entityId: c.idUsuario, action: 'pausar', after });
      });
      return detailOf(c);
    },

    async resume(idUsuario: string): Promise<MembershipDetail> {
      const c = await client(idUsuario);
      await memberships.transaction(async (trx) => {
        const locked = await lockMembership(trx, c.idUsuario, today());
        if (!locked.paused_since) throw new Conflict(m.notPaused);
        const days = pausedDays(locked.paused_since, today());
        await memberships.closePause(trx, c.idUsuario, today(), days);
        await memberships.shiftPaidUntil(trx, c.idUsuario, days, clock.now());
        const after = { hasta: today(), dias: days };
        await audit.record(trx, { entity: 'membresia', entityId: c.idUsuario, action: 'reanudar', after });
      });
      return detailOf(c);
    },

    /** Valid a year from its date unless staff name another due date. */
    async setApto(idUsuario: string, input: AptoInput): Promise<MembershipDetail> {
      if (input.fecha > today()) throw new ValidationFailed(m.fechaFuture, { fecha: m.fechaFuture });
      const c = await client(idUsuario);
      await memberships.transaction(async (trx) => {
        await lockMembership(trx, c.idUsuario, today());
        const vence = input.vence || aptoValidUntil(input.fecha);
        await memberships.update(trx, c.idUsuario, { apto_fecha: input.fecha, apto_vence: vence }, clock.now());
        const after = { aptoFecha: input.fecha, aptoVence: vence };
        await audit.record(trx, { entity: 'membresia', entityId: c.idUsuario, action: 'apto_fisico', after });
      });
      return detailOf(c);
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
