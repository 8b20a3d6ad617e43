import type { RequestHandler, Response } from 'express';
import { DEFAULT_LIST_LIMIT, MIN_SEARCH_LENGTH, securityMessages } from '@gym/contracts/security-messages';
import { normalizeProductInput, productSchema } from '@gym/contracts/products';
import { parseProductFilters } from '@gym/contracts/product-filters';
import { validate } from '../../http/validate';
import { expectedVersion } from '../../http/version';
import { ValidationFailed } from '../../shared/errors';
import type { CatalogueReads } from './catalogue-reads';
import type { JsonAnswer } from './json-answer';
import type { ProductsService } from './products.service';
import { productData, toWireProduct } from './products.wire';

/** A product as staff send it: validated, normalized, its price in centavos. */
const productInput = (body: unknown) => productData(normalizeProductInput(validate(productSchema, body)));

/** Browsers keep the catalogue but revalidate each time: an ETag match is a cheap 304, a staff change is seen at once. */
const REVALIDATE = 'no-cache';

/** res.send answers 304 itself when the request's If-None-Match holds this ETag. */
function send(res: Response, answer: JsonAnswer) {
  res.set({ 'Cache-Control': REVALIDATE, ETag: answer.etag, 'Content-Type': 'application/json; charset=utf-8' });
  res.send(answer.body);
}

export function createProductsController(service: ProductsService, reads: CatalogueReads, imageHosts: string[] = []) {
  const list: RequestHandler = async (req, res) => {
    const { filters, errors } = parseProductFilters(req.query as Record<string, unknown>);
    const first = Object.values(errors)[0];
    if (first) throw new ValidationFailed(first, errors);
    if (filters.q !== undefined && [...filters.q].length < MIN_SEARCH_LENGTH) {
      throw new ValidationFailed(securityMessages.searchTooShort, { q: securityMessages.searchTooShort });
    }
    // Never the whole catalogue: without page or limit, the first DEFAULT_LIST_LIMIT.
    if (!filters.page && !filters.limit) filters.limit = DEFAULT_LIST_LIMIT;
    send(res, await reads.list(filters));
  };

  // Ids are UUIDs, read the same in any case: one cache entry for all spellings of an id.
  const get: RequestHandler<{ id: string }> = async (req, res) =>
    send(res, await reads.product(req.params.id.toLowerCase()));

  /** An https image only from a host of IMAGE_HOSTS (the schema already allows only paths of this site or https). */
  function checkImageHost(body: unknown) {
    const imagen = (body as { imagen?: unknown } | null)?.imagen;
    if (typeof imagen !== 'string' || !/^\s*https:/i.test(imagen)) return;
    let host = '';
    try {
      host = new URL(imagen.trim()).hostname;
    } catch {
      // The schema's own message follows.
    }
    if (!imageHosts.includes(host)) {
      throw new ValidationFailed(securityMessages.imagenUrl, { imagen: securityMessages.imagenUrl });
    }
  }

  const create: RequestHandler = async (req, res) => {
    checkImageHost(req.body);
    res.status(201).json({ product: toWireProduct(await service.create(productInput(req.body))) });
  };

  const update: RequestHandler<{ id: string }> = async (req, res) => {
    checkImageHost(req.body);
    const product = await service.update(req.params.id, productInput(req.body), expectedVersion(req.body));
    res.json({ product: toWireProduct(product) });
  };

  const remove: RequestHandler<{ id: string }> = async (req, res) => {
    await service.remove(req.params.id);
    res.status(204).end();
  };

  return { list, get, create, update, remove };
}
