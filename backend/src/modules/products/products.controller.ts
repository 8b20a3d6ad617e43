import type { RequestHandler, Response } from 'express';
import { parseProductFilters } from '@gym/contracts';
import { ValidationFailed } from '../../http/errors';
import { jsonAnswer, type CatalogueCache, type JsonAnswer } from './products.cache';
import type { ProductsService } from './products.service';

/** Browsers keep the catalogue but revalidate each time: an ETag match is a cheap 304, a staff change is seen at once. */
const REVALIDATE = 'no-cache';

/** res.send answers 304 itself when the request's If-None-Match holds this ETag. */
function send(res: Response, answer: JsonAnswer) {
  res.set({ 'Cache-Control': REVALIDATE, ETag: answer.etag, 'Content-Type': 'application/json; charset=utf-8' });
  res.send(answer.body);
}

export function createProductsController(service: ProductsService, cache: CatalogueCache) {
  /** From the cache while the catalogue's version is the one the answer was built under, else built and kept. */
  async function answer(key: string | undefined, build: () => Promise<unknown>): Promise<JsonAnswer> {
    const version = await service.catalogueVersion();
    const cacheable = key !== undefined && version !== undefined;
    const hit = cacheable ? cache.get(key, version) : undefined;
    if (hit) return hit;
    const built = jsonAnswer(await build());
    if (cacheable) cache.set(key, version, built);
    return built;
  }

  const list: RequestHandler = async (req, res) => {
    const { filters, errors } = parseProductFilters(req.query as Record<string, unknown>);
    const first = Object.values(errors)[0];
    if (first) throw new ValidationFailed(first, errors);
    // A text search is built every time: its keys are as many as the texts people type.
    const key = filters.q ? undefined : `list:${JSON.stringify(filters)}`;
    send(res, await answer(key, () => service.list(filters)));
  };

  const get: RequestHandler<{ id: string }> = async (req, res) => {
    const { id } = req.params;
    send(res, await answer(`product:${id}`, async () => ({ product: await service.find(id) })));
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
