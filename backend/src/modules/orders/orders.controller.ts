import type { RequestHandler } from 'express';
import { orderRequestSchema, orderStateSchema, type OrderState } from '@gym/contracts/orders';
import { currentAccount } from '../../http/auth';
import { validate } from '../../http/validate';
import { addressKey } from '../../shared/address';
import { OrderConflict } from './orders.limits';
import type { OrderListQuery, OrdersService } from './orders.service';
import { placeOrderInput, toWireConflictLine, toWireOrder } from './orders.wire';

/** A query parameter given once, as text. */
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A page number or size from the query: digits only, else the default; within 1 and `max`. */
const int = (value: unknown, fallback: number, max: number) => {
  const raw = text(value);
  const n = raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(Math.max(n, 1), max);
};

function listQuery(query: Record<string, unknown>): OrderListQuery {
  const estado = text(query.estado) || undefined;
  if (estado !== undefined) validate(orderStateSchema, { estado });
  const q = (text(query.q) ?? '').trim().slice(0, 100);
  return {
    estado: estado as OrderState | undefined,
    q: q || undefined,
    page: int(query.page, 1, 100_000),
    limit: int(query.limit, 20, 100),
  };
}

export function createOrdersController(service: OrdersService) {
  const place: RequestHandler = async (req, res) => {
    const input = placeOrderInput(validate(orderRequestSchema, req.body));
    const buyer = { address: addressKey(req.ip ?? 'unknown'), desk: res.locals.account !== undefined };
    try {
      const { order, replayed } = await service.place(input, req.get('Idempotency-Key') ?? undefined, buyer);
      if (replayed) res.set('Idempotent-Replayed', 'true');
      res.status(201).json({ order: toWireOrder(order) });
    } catch (err) {
      // The 409's body lists each line refused with its price now, in pesos.
      if (err instanceof OrderConflict) err.extra = { lineas: err.lineas.map(toWireConflictLine) };
      throw err;
    }
  };

  const get: RequestHandler<{ numero: string }> = async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const order =
      res.locals.account === undefined
        ? await service.findWithToken(req.params.numero, text(req.query.t))
        : await service.findForStaff(req.params.numero);
    res.json({ order: toWireOrder(order) });
  };

  const list: RequestHandler = async (req, res) => {
    const found = await service.list(listQuery(req.query as Record<string, unknown>));
    res.json({ ...found, orders: found.orders.map(toWireOrder) });
  };

  const changeState: RequestHandler<{ numero: string }> = async (req, res) => {
    const { estado } = validate(orderStateSchema, req.body);
    res.json({
      order: toWireOrder(await service.changeState(req.params.numero, estado as OrderState, currentAccount(res))),
    });
  };

  return { place, get, list, changeState };
}
