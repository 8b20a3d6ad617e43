import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ORDER_NUMBER_PATTERN,
  ORDER_TRANSITIONS,
  normalizeCelular,
  orderMessages as m,
  paidOnline,
  paymentMessages as pm,
  priceChangedMessage,
  shortStockMessage,
  unitsPerVariantMessage,
  type OrderState,
} from '@gym/contracts/orders';
import { sameVariant } from '@gym/contracts/variants';
import { sumOf, times } from '@gym/contracts/money';
import type { StaffAccount } from '@gym/contracts/accounts';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { Conflict, DomainError, NotFound, ValidationFailed } from '../../shared/errors';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditRecorder } from '../audit';
import type { InvoiceOutbox } from '../invoices';
import type { QueuedMailer } from '../../shared/mail-retry';
import type { OutgoingMail } from '../../shared/mailer';
import {
  checkHeld,
  checkOrderSize,
  mergeLines,
  OrderConflict,
  unitsOf,
  type ConflictLine,
  type Line,
  type OrderLimits,
} from './orders.limits';
import { cancelledMail, orderMails, readyMail } from './orders.mail';
import type { LockedVariant, VariantStock } from '../products';
import type { OrderRecord, OrdersRepository, StoredOrder } from './orders.repository';
import { auditedTotal, type PlaceOrderInput } from './orders.wire';

export interface OrdersSettings {
  siteUrl: string;
  notifyEmail: string;
  transfer: { alias: string; cbu: string; titular: string };
  pickup: { address: string; hours: string };
  /** Where a transfer's receipt may also go (international digits); unset, only the e-mail is given. */
  whatsappNumber?: string;
  /** Mercado Pago is configured: orders may be placed to pay with it. */
  mercadoPago?: boolean;
  limits: OrderLimits;
}

/** Who is buying: the address it came from, and whether it is staff selling at the desk (no limits). */
export interface OrderSource {
  address: string;
  desk: boolean;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Why one line cannot be sold as asked, if it cannot: stock, the per-variant limit, or a stale price. */
function refusalOf(line: Line, variant: LockedVariant, conflict: ConflictLine, perVariant: number) {
  if (variant.stock < line.cantidad)
    return shortStockMessage(variant.nombre, { ...conflict, disponible: variant.stock }, line.cantidad);
  if (line.cantidad > perVariant) return unitsPerVariantMessage(variant.nombre, conflict, perVariant, line.cantidad);
  if (line.precios.some((precio) => precio !== variant.precioCentavos))
    return priceChangedMessage(variant.nombre, conflict, variant.precioCentavos);
  return undefined;
}

/** GET /v1/orders: a page of orders, of one state or all, matching a text or all. */
export interface OrderListQuery {
  estado?: OrderState;
  q?: string;
  page: number;
  limit: number;
}

export function createOrdersService(deps: {
  orders: OrdersRepository;
  /** The products' variantStock: the variants locked, taken and given back in the order's transaction. */
  stock: (trx: Knex.Transaction) => VariantStock;
  clock: Clock;
  /** The outbox: a mail is a row written in the order's transaction, sent after the answer. */
  mailer: QueuedMailer;
  logger: Logger;
  settings: OrdersSettings;
  audit?: AuditRecorder;
  /** While invoicing is on: a paid order's Factura C, a paid one cancelled its credit note, in its transaction. */
  invoices?: InvoiceOutbox;
}) {
  const { orders, clock, mailer, settings } = deps;

  /** The buyer's view: the token only on creation; where to transfer when paying so. */
  const present = (order: StoredOrder, withToken: boolean): OrderRecord => {
    const { id: _id, requestHash: _hash, token, ...rest } = order;
    return {
      ...rest,
      ...(withToken ? { token } : {}),
      ...(order.pago === 'transferencia' ? { transferencia: settings.transfer } : {}),
    };
  };

  /**
   * Every line checked against its locked variant; the refusals, each with what may be bought now
   * (for a shop buyer, never more than the per-variant limit) and at what price.
   */
  function refusals(lines: Line[], locked: LockedVariant[], limits: OrderLimits | undefined) {
    const perVariant = limits?.unitsPerVariant ?? Infinity;
    const messages: string[] = [];
    const conflicts: ConflictLine[] = [];
    for (const line of lines) {
      const variant = locked.find((v) => v.productId === line.producto && sameVariant(v, line));
      if (!variant) throw new ValidationFailed(m.productGone, { lineas: m.productGone });
      const { producto, talle, color } = line;
      const conflict = {
        producto,
        talle,
        color,
        disponible: Math.min(variant.stock, perVariant),
        precioCentavos: variant.precioCentavos,
      };
      const message = refusalOf(line, variant, conflict, perVariant);
      if (message === undefined) continue;
      messages.push(message);
      conflicts.push(conflict);
    }
    return { messages, conflicts };
  }

  /**
   * The mails queued in the order's transaction (shared/mail-retry: only rows, composed and sent after
   * the answer), so a crash after the commit loses none and a rolled-back order sends none. Each has
   * its key (`pedido:<numero>:<step>:<to whom>`): queued twice, sent once.
   */
  async function queueMails(trx: Knex, numero: string, step: string, mails: { to: string; mail: OutgoingMail }[]) {
    for (const { to, mail } of mails) await mailer.send(mail, { trx, key: `pedido:${numero}:${step}:${to}` });
  }

  /** Paid: ready to pick up; cancelled: told so (and why, when the job cancelled it unpaid). */
  function stateMails(order: StoredOrder, to: OrderState, byJob: boolean) {
    const withLink = present(order, true);
    if (to === 'pagado') return [{ to: 'comprador', mail: readyMail(withLink, settings) }];
    if (to === 'cancelado') return [{ to: 'comprador', mail: cancelledMail(withLink, settings, byJob) }];
    return [];
  }

  /** A shop buyer's unpaid units, with this order's, within the cap; the buyer stays locked until commit. */
  async function holdWithinCap(trx: Knex.Transaction, email: string, source: OrderSource, units: number) {
    const cap = settings.limits.unpaidUnits;
    if (source.desk || cap === null) return;
    await orders.lockBuyer(trx, [`email:${email}`, `address:${source.address}`]);
    checkHeld(await orders.heldUnits(trx, email, source.address), units, cap);
  }

  /** A new order (the Idempotency-Key header, when given, makes a retry answer the first one). */
  async function place(input: PlaceOrderInput, idempotencyKey: string | undefined, source: OrderSource) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw new ValidationFailed(m.idempotencyInvalid);
    if (input.pago === 'mercadopago' && !settings.mercadoPago) throw new ValidationFailed(pm.unavailable);
    const lines = mergeLines(input.lineas);
    const limits = source.desk ? undefined : settings.limits;
    checkOrderSize(lines, limits);
    const comprador = { ...input.comprador, celular: normalizeCelular(input.comprador.celular) };
    const requestHash = idempotencyKey
      ? createHash('sha256')
          .update(JSON.stringify({ comprador, pago: input.pago, lines }))
          .digest('hex')
      : null;
    const replay = async () => {
      const earlier = idempotencyKey ? await orders.findByIdempotencyKey(idempotencyKey) : undefined;
      if (earlier && earlier.requestHash !== requestHash) throw new Conflict(m.idempotencyReused);
      return earlier && { order: present(earlier, true), replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      const order = await orders.transaction(async (trx) => {
        await holdWithinCap(trx, comprador.email, source, unitsOf(lines));
        const locked = await deps.stock(trx).lock(lines);
        const { messages, conflicts } = refusals(lines, locked, limits);
        if (conflicts.length) throw new OrderConflict(messages.join(' '), conflicts);
        const sold = lines.map((line) => {
          const variant = locked.find((v) => v.productId === line.producto && sameVariant(v, line))!;
          const { precioCentavos } = variant;
          const subtotalCentavos = times(precioCentavos, line.cantidad);
          return { ...line, variantId: variant.id, nombre: variant.nombre, precioCentavos, subtotalCentavos };
        });
        const token = randomBytes(24).toString('base64url');
        const stored = await orders.insert(trx, {
          token,
          comprador,
          pago: input.pago,
          totalCentavos: sumOf(sold.map((l) => l.subtotalCentavos)),
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          clientAddress: source.desk ? null : source.address,
          now: clock.now(),
          lineas: sold,
        });
        const taken = await deps.stock(trx).take(sold.map((l) => ({ variantId: l.variantId, cantidad: l.cantidad })));
        if (taken !== sold.length) throw new Error('a locked variant lost stock inside its transaction');
        const [buyer, gym] = orderMails(present(stored, true), settings);
        await queueMails(trx, stored.numero, 'recibido', [
          { to: 'comprador', mail: buyer! },
          { to: 'gimnasio', mail: gym! },
        ]);
        return stored;
      });
      return { order: present(order, true), replayed: false };
    } catch (err) {
      // The same key sent twice at once: the second waited for the first (on its key, or on the
      // buyer's cap or the stock the first now holds) and returns the first's order.
      if (idempotencyKey && (hasPgCode(err, '23505') || err instanceof DomainError)) {
        const again = await replay();
        if (again) return again;
      }
      throw err;
    }
  }

  /** The order behind a buyer's link: the wrong token is the same 404 as an unknown number. */
  async function storedWithToken(numero: string, token: string | undefined): Promise<StoredOrder> {
    const order = ORDER_NUMBER_PATTERN.test(numero) ? await orders.findByNumero(numero) : undefined;
    const given = Buffer.from(token ?? '');
    const expected = Buffer.from(order?.token ?? '');
    if (!order || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFound(m.notFound);
    return order;
  }

  async function findWithToken(numero: string, token: string | undefined): Promise<OrderRecord> {
    return present(await storedWithToken(numero, token), false);
  }

  async function findForStaff(numero: string): Promise<OrderRecord> {
    const order = ORDER_NUMBER_PATTERN.test(numero) ? await orders.findByNumero(numero) : undefined;
    if (!order) throw new NotFound(m.notFound);
    return present(order, false);
  }

  /**
   * One transaction: the order locked, the step allowed from its state now (and from `onlyFrom`,
   * the job's pending only), for a cancellation the stock given back, and the audit row with the
   * state before and the total (a paid order cancelled is money to give back). `also.run` goes in
   * the same transaction (a payment claimed online); `also.audit` adds to the audit row.
   */
  async function move(
    numero: string,
    to: OrderState,
    by: string,
    onlyFrom?: OrderState[],
    also?: { run: (trx: Knex.Transaction) => Promise<void>; audit: Record<string, unknown> },
    /** States this step may also leave from: the goods of a delivered order brought back (arrepentimiento). */
    alsoFrom: OrderState[] = [],
  ): Promise<OrderRecord> {
    if (!ORDER_NUMBER_PATTERN.test(numero)) throw new NotFound(m.notFound);
    const moved = await orders.transaction(async (trx) => {
      const current = await orders.lockOrder(trx, numero);
      if (!current) throw new NotFound(m.notFound);
      const allowed =
        (ORDER_TRANSITIONS[current.estado].includes(to) || alsoFrom.includes(current.estado)) &&
        (onlyFrom === undefined || onlyFrom.includes(current.estado));
      if (!allowed) throw new Conflict(m.transitionRefused(current.estado, to));
      // Money taken by Mercado Pago goes back through its refund (payments), never by a plain cancel.
      const pagado = current.pagadoPor === null ? null : { por: current.pagadoPor };
      if (also === undefined && to === 'cancelado' && paidOnline({ ...current, pagado }))
        throw new Conflict(pm.refundNeeded);
      await orders.setState(trx, current.id, to, by, clock.now());
      if (to === 'cancelado') await deps.stock(trx).giveBack(await orders.unitsOf(trx, current.id));
      // The invoice (or its credit note) is written with the state that causes it.
      const { id, totalCentavos } = current;
      if (to === 'pagado') await deps.invoices?.forOrder(trx, { id, numero, totalCentavos });
      if (to === 'cancelado') await deps.invoices?.creditNoteForOrder(trx, id);
      await deps.audit?.record(trx, {
        entity: 'pedido',
        entityId: numero,
        action: 'cambiar_estado',
        before: { estado: current.estado, total: auditedTotal(current.totalCentavos) },
        after: { estado: to, total: auditedTotal(current.totalCentavos), ...also?.audit },
        keep: ['total'],
      });
      await also?.run(trx);
      const moved = (await orders.findByNumero(numero, trx))!;
      await queueMails(trx, numero, to, stateMails(moved, to, onlyFrom !== undefined));
      return moved;
    });
    return present(moved, false);
  }

  return {
    place,
    findWithToken,
    findForStaff,
    storedWithToken,

    /** For the payments module: the stored order (with its id), or undefined. */
    stored: (numero: string) => (ORDER_NUMBER_PATTERN.test(numero) ? orders.findByNumero(numero) : undefined),

    /** A state change made by a payment (approved online, refunded): the same checks, one transaction. */
    settle: (
      numero: string,
      to: OrderState,
      by: string,
      also: { run: (trx: Knex.Transaction) => Promise<void>; audit: Record<string, unknown> },
    ) => move(numero, to, by, undefined, also),

    /**
     * The buyer's Botón de arrepentimiento (consumer-requests): the order cancelled and its stock
     * returned, also once picked up (the goods came back), with `also` in the same transaction.
     */
    withdraw: (
      numero: string,
      by: string,
      also: { run: (trx: Knex.Transaction) => Promise<void>; audit: Record<string, unknown> },
    ) => move(numero, 'cancelado', by, undefined, also, ['entregado']),

    async list(query: OrderListQuery) {
      const { page, limit } = query;
      const found = await orders.page(query);
      return { orders: found.orders.map((o) => present(o, false)), total: found.total, page, limit };
    },

    async changeState(numero: string, estado: OrderState, account: StaffAccount): Promise<OrderRecord> {
      return move(numero, estado, `${account.name} ${account.lastname}`.trim() || account.email);
    },

    /**
     * The job's cancellation of pending orders older than `hours`, and of those with more than
     * `large.units` units older than `large.hours`; returns which.
     */
    async cancelUnpaid(hours: number, large?: { units: number; hours: number }): Promise<{ cancelled: string[] }> {
      const ago = (h: number) => new Date(clock.now().getTime() - h * 3_600_000);
      const cancelled: string[] = [];
      const big = large && { before: ago(large.hours), units: large.units };
      for (const numero of await orders.unpaidBefore(ago(hours), 500, big)) {
        try {
          await move(numero, 'cancelado', 'sistema (pedido sin pagar)', ['pendiente']);
          cancelled.push(numero);
        } catch (err) {
          // Paid a moment ago by staff: the conditional move refused it, as it should.
          if (!(err instanceof Conflict)) throw err;
        }
      }
      return { cancelled };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
