import { Router, type RequestHandler } from 'express';
import { allow, open } from '../../http/route-access';
import type { createProductsController } from './products.controller';

type Controller = ReturnType<typeof createProductsController>;

const productWrite = {
  notes:
    "validated by the product schema; a `PUT` carrying a stale `updatedAt` is 409. `variantes` sets the stock per size × colour (`stock` is then their sum); without it, `stock` alone (the spec's body) is spread over the combinations (new product) or reconciled with the stocks held (edit: kept, the difference added to the first combination or taken from the last)",
};

/** The shop's catalogue reads: public, no body, no cookie. */
export function catalogueRoutes(controller: Controller) {
  return Router()
    .get(
      '/products',
      open({
        notes:
          '`{products, total, page, limit}`; optional `categoria`, `talle`, `color`, `precio` (bucket start 0/1500/3000/4500/6500), `portada`, `q` (3 to 50 characters, accents and case ignored), `sort` (`nombre`, `precio_asc`, `precio_desc`), and `page`/`limit` (at most 100; without either, the first 100); the API refuses no search, nginx answers 429 to one address sending more than 30 a second',
      }),
      controller.list,
    )
    .get(
      '/product/:id',
      open({
        notes:
          '`{product}`; 404 for an unknown or malformed id. Every product (here and in the lists) carries `variantes: [{talle, color, stock}]` (null where it has no sizes or colours) and `stock` as their sum',
      }),
      controller.get,
    );
}

export function productsRoutes(controller: Controller, requireStaff: RequestHandler) {
  return Router()
    .post('/products', requireStaff, allow('productos.editar', productWrite), controller.create)
    .put('/product/:id', requireStaff, allow('productos.editar', productWrite), controller.update)
    .delete('/product/:id', requireStaff, allow('productos.editar', productWrite), controller.remove);
}
