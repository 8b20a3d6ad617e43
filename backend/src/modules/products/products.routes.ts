import { Router, type RequestHandler } from 'express';
import type { createProductsController } from './products.controller';

type Controller = ReturnType<typeof createProductsController>;

/** The shop's catalogue reads: public, no body, no cookie. */
export function catalogueRoutes(controller: Controller) {
  return Router().get('/products', controller.list).get('/product/:id', controller.get);
}

export function productsRoutes(controller: Controller, requireStaff: RequestHandler) {
  return Router()
    .post('/products', requireStaff, controller.create)
    .put('/product/:id', requireStaff, controller.update)
    .delete('/product/:id', requireStaff, controller.remove);
}
