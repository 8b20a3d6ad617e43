import type { RequestHandler } from 'express';
import { currentAccount } from '../../http/auth';
import { addressKey } from '../../shared/address';
import type { OrdersService } from './orders.service';

export function createOrdersController(service: OrdersService) {
  const place: RequestHandler = async (req, res) => {
    const buyer = { address: addressKey(req.ip ?? 'unknown'), desk: res.locals.account !== undefined };
    const { order, replayed } = await service.place(req.body, req.get('Idempotency-Key') ?? undefined, buyer);
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ order });
  };

  const get: RequestHandler<{ numero: string }> = async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const order =
      res.locals.account === undefined
        ? await service.findWithToken(req.params.numero, req.query.t)
        : await service.findForStaff(req.params.numero);
    res.json({ order });
  };

  const list: RequestHandler = async (req, res) => {
    res.json(await service.list(req.query as Record<string, unknown>));
  };

  const changeState: RequestHandler<{ numero: string }> = async (req, res) => {
    res.json({ order: await service.changeState(req.params.numero, req.body, currentAccount(res)) });
  };

  return { place, get, list, changeState };
}
