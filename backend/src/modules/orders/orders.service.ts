import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ORDER_NUMBER_PATTERN,
  ORDER_TRANSITIONS,
  normalizeCelular,
  orderMessages as m,
  orderRequestSchema,
  orderStateSchema,
  priceChangedMessage,
  sameVariant,
  shortStockMessage,
  type Order,
  type OrderConflictLine,
  type OrderState,
  type StaffAccount,
} from '@gym/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../http/errors';
import { validate } from '../../http/validate';
import { hasPgCode } from '../plans/pg-error';
import type { AuditRecorder } from '../audit';
import type { Mailer } from '../messages/mailer';
import { orderMails } from './orders.mail';
import type { LockedVariant, OrdersRepository, StoredOrder } from './orders.repository';

export interface OrdersSettings {
  siteUrl: string;
  notifyEmail: string;
  transfer: { alias: string; cbu: string; titular: string };
}

/** A 409 whose body also lists, per line refused, what is available now and at what price. */
export class OrderConflict extends Conflict {
  constructor(
    message: string,
    readonly lineas: OrderConflictLine[],
  ) {
    super(message);
    this.extra = { lineas };
  }
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const cents = (pesos: number) => Math.round(pesos * 100);

type Line = { producto: string; talle: string | null; color: string | null; cantidad: number; precio?: number };

/** The same product, size and colour twice is one line with both quantities. */
function mergeLines(lines: Line[]): Line[] {
  const merged: Line[] = [];
  for (const line of lines) {
    const same = merged.find((l) => l.producto === line.producto && sameVariant(l, line));
    if (same) same.cantidad += line.cantidad;
    else merged.push({ ...line, talle: line.talle || null, color: line.color || null });
  }
  return merged;
}

export function createOrdersService(deps: {
  orders: OrdersRepository;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  settings: OrdersSettings;
  audit?: AuditRecorder;
}) {
  const { orders, clock, mailer, logger, settings } = deps;

  /** The buyer's view: the token only on creation; where to transfer when paying so. */
  const present = (order: StoredOrder, withToken: boolean): Order => {
    const { id: _id, requestHash: _hash, token, ...rest } = order;
    return {
      ...rest,
      ...(withToken ? { token } : {}),
      ...(order.pago === 'transferencia' ? { transferencia: settings.transfer } : {}),
    };
  };

  /** Every line checked against its locked variant; the refusals, each with what is there now. */
  function refusals(lines: Line[], locked: LockedVariant[]) {
    const messages: string[] = [];
    const conflicts: OrderConflictLine[] = [];
    for (const line of lines) {
      const variant = locked.find((v) => v.productId === line.producto && sameVariant(v, line));
      if (!variant) throw new ValidationFailed(m.productGone, { lineas: m.productGone });
      const conflict = {
        producto: line.producto,
        talle: line.talle,
        color: line.color,
        disponible: variant.stock,
        precio: variant.precio,
      };
      if (variant.stock < line.cantidad) messages.push(shortStockMessage(variant.nombre, conflict, line.cantidad));
      else if (line.precio !== undefined && cents(line.precio) !== cents(variant.precio))
        messages.push(priceChangedMessage(variant.nombre, conflict));
      else continue;
      conflicts.push(conflict);
    }
    return { messages, conflicts };
  }

  function sendMails(order: StoredOrder) {
    const mails = orderMails(present(order, true), settings);
    for (const mail of mails)
      mailer.send(mail).catch((err: unknown) => logger.warn({ err, numero: order.numero }, 'order mail not sent'));
  }

  async function place(body: unknown, idempotencyKey: string | undefined) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw new ValidationFailed(m.idempotencyInvalid);
    const input = validate(orderRequestSchema, body);
    const lines = mergeLines(input.lineas as Line[]);
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
        const locked = await orders.lockVariants(trx, lines);
        const { messages, conflicts } = refusals(lines, locked);
        if (conflicts.length) throw new OrderConflict(messages.join(' '), conflicts);
        const sold = lines.map((line) => {
          const variant = locked.find((v) => v.productId === line.producto && sameVariant(v, line))!;
          const subtotal = (cents(variant.precio) * line.cantidad) / 100;
          return { ...line, variantId: variant.id, nombre: variant.nombre, precio: variant.precio, subtotal };
        });
        const total = sold.reduce((sum, l) => sum + cents(l.subtotal), 0) / 100;
        const token = randomBytes(24).toString('base64url');
        const stored = await orders.insert(trx, {
          token,
          comprador,
          pago: input.pago,
          total,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          now: clock.now(),
          lineas: sold,
        });
        // Last, so the catalogue version row it bumps (one row every order updates) is held only until commit.
        const taken = await orders.takeStock(trx, sold);
        if (taken !== sold.length) throw new Error('a locked variant lost stock inside its transaction');
        return stored;
      });
      sendMails(order);
      return { order: present(order, true), replayed: false };
    } catch (err) {
      // The same key sent twice at once: the second waited for the first and now returns its order.
      if (idempotencyKey && hasPgCode(err, '23505')) {
        const again = await replay();
        if (again) return again;
      }
      throw err;
    }
  }

  async function findWithToken(numero: string, token: unknown): Promise<Order> {
    const order = ORDER_NUMBER_PATTERN.test(numero) ? await orders.findByNumero(numero) : undefined;
    const given = Buffer.from(typeof token === 'string' ? token : '');
    const expected = Buffer.from(order?.token ?? '');
    if (!order || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFound(m.notFound);
    return present(order, false);
  }

  async function findForStaff(numero: string): Promise<Order> {
    const order = ORDER_NUMBER_PATTERN.test(numero) ? await orders.findByNumero(numero) : undefined;
    if (!order) throw new NotFound(m.notFound);
    return present(order, false);
  }

  /** One transaction: the conditional move, and for a cancellation the stock given back. */
  async function move(numero: string, to: OrderState, by: string, onlyFrom?: OrderState[]): Promise<Order> {
    await findForStaff(numero);
    const from =
      onlyFrom ?? (Object.keys(ORDER_TRANSITIONS) as OrderState[]).filter((s) => ORDER_TRANSITIONS[s].includes(to));
    const moved = await orders.transaction(async (trx) => {
      const row = await orders.moveState(trx, numero, from, to, by, clock.now());
      if (row && to === 'cancelado') await orders.returnStock(trx, row.id);
      if (row && deps.audit) {
        const before = { estado: from.length === 1 ? from[0] : undefined };
        await deps.audit.record(trx, {
          entity: 'pedido',
          entityId: numero,
          action: 'cambiar_estado',
          before,
          after: { estado: to },
        });
      }
      return row && orders.findByNumero(numero, trx);
    });
    if (!moved) {
      const now = await findForStaff(numero);
      throw new Conflict(m.transitionRefused(now.estado, to));
    }
    return present(moved, false);
  }

  return {
    place,
    findWithToken,
    findForStaff,

    async list(query: Record<string, unknown>) {
      const estado = typeof query.estado === 'string' && query.estado !== '' ? query.estado : undefined;
      if (estado !== undefined) validate(orderStateSchema, { estado });
      const q = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
      const int = (value: unknown, fallback: number, max: number) => {
        const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
        return Math.min(Math.max(n, 1), max);
      };
      const page = int(query.page, 1, 100_000);
      const limit = int(query.limit, 20, 100);
      const found = await orders.page({ estado: estado as OrderState | undefined, q: q || undefined, page, limit });
      return { orders: found.orders.map((o) => present(o, false)), total: found.total, page, limit };
    },

    async changeState(numero: string, body: unknown, account: StaffAccount): Promise<Order> {
      const { estado } = validate(orderStateSchema, body);
      return move(numero, estado as OrderState, `${account.name} ${account.lastname}`.trim() || account.email);
    },

    /** The job's cancellation of pending orders older than `hours`; returns how many. */
    async cancelUnpaid(hours: number): Promise<{ cancelled: string[] }> {
      const before = new Date(clock.now().getTime() - hours * 3_600_000);
      const cancelled: string[] = [];
      for (const numero of await orders.unpaidBefore(before, 500)) {
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
