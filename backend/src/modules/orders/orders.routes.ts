import { Router, type RequestHandler } from 'express';
import type { createOrdersController } from './orders.controller';

type Controller = ReturnType<typeof createOrdersController>;

/**
 * Buying is public (and throttled per address; staff who run orders sell beyond the shop's
 * limits, so their session is read when there is one); the buyer reads an order with its secret token,
 * staff with their session; the list and the workflow are staff only.
 */
export function ordersRoutes(
  controller: Controller,
  guards: {
    requireStaff: RequestHandler;
    deskStaff: RequestHandler;
    throttle: RequestHandler;
    staffOrToken: RequestHandler;
  },
) {
  return Router()
    .post('/orders', guards.throttle, guards.deskStaff, controller.place)
    .get('/orders', guards.requireStaff, controller.list)
    .get('/orders/:numero', guards.staffOrToken, controller.get)
    .post('/orders/:numero/estado', guards.requireStaff, controller.changeState);
}
