import { Router, type RequestHandler } from 'express';
import type { createProductsController } from './products.controller';

export function productsRoutes(controller: ReturnType<typeof createProductsController>, requireStaff: RequestHandler) {
  return Router()
    .get('/products', controller.list)
    .get('/product/:id', controller.get)
    .post('/products', requireStaff, controller.create)
    .put('/product/:id', requireStaff, controller.update)
    .delete('/product/:id', requireStaff, controller.remove);
}
