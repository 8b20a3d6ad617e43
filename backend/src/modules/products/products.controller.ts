import type { RequestHandler } from 'express';
import { parseProductFilters } from '@gym/contracts';
import { ValidationFailed } from '../../http/errors';
import type { ProductsService } from './products.service';

/** Browsers keep the catalogue but revalidate each time: an ETag match is a cheap 304, a staff change is seen at once. */
const REVALIDATE = 'no-cache';

export function createProductsController(service: ProductsService) {
  const list: RequestHandler = async (req, res) => {
    const { filters, errors } = parseProductFilters(req.query as Record<string, unknown>);
    const first = Object.values(errors)[0];
    if (first) throw new ValidationFailed(first, errors);
    res.set('Cache-Control', REVALIDATE).json(await service.list(filters));
  };

  const get: RequestHandler<{ id: string }> = async (req, res) => {
    res.set('Cache-Control', REVALIDATE).json({ product: await service.find(req.params.id) });
  };

  const create: RequestHandler = async (req, res) => {
    res.status(201).json({ product: await service.create(req.body) });
  };

  const update: RequestHandler<{ id: string }> = async (req, res) => {
    res.json({ product: await service.update(req.params.id, req.body) });
  };

  const remove: RequestHandler<{ id: string }> = async (req, res) => {
    await service.remove(req.params.id);
    res.status(204).end();
  };

  return { list, get, create, update, remove };
}
