import type { RequestHandler } from 'express';
import type { PriceChangeInput } from '@gym/contracts/pricing';
import { ValidationFailed } from '../../shared/errors';
import type { PricingService } from './pricing.service';

/** The body as the service reads it; the service checks every rule and names the field. */
function inputOf(body: unknown): PriceChangeInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationFailed();
  const b = body as Record<string, unknown>;
  return {
    fecha: typeof b.fecha === 'string' ? b.fecha : '',
    tipo: b.tipo as PriceChangeInput['tipo'],
    valor: typeof b.valor === 'number' ? b.valor : undefined,
    redondeoCentavos: b.redondeoCentavos === undefined ? undefined : (b.redondeoCentavos as number),
    planes: Array.isArray(b.planes) ? (b.planes as number[]) : [],
    categorias: Array.isArray(b.categorias) ? (b.categorias as string[]) : undefined,
    confirmado: b.confirmado === true,
  };
}

export function createPricingController(service: PricingService) {
  return {
    ipc: (async (_req, res) => {
      res.json(await service.ipc());
    }) as RequestHandler,
    preview: (async (req, res) => {
      res.json(await service.preview(inputOf(req.body)));
    }) as RequestHandler,
    list: (async (_req, res) => {
      res.json({ cambios: await service.list() });
    }) as RequestHandler,
    create: (async (req, res) => {
      res.status(201).json(await service.create(inputOf(req.body)));
    }) as RequestHandler,
    update: (async (req, res) => {
      res.json(await service.update(req.params.id, inputOf(req.body)));
    }) as RequestHandler<{ id: string }>,
    cancel: (async (req, res) => {
      res.json(await service.cancel(req.params.id));
    }) as RequestHandler<{ id: string }>,
    postpone: (async (req, res) => {
      res.json(await service.postpone(req.params.id, (req.body as { fecha?: unknown } | undefined)?.fecha));
    }) as RequestHandler<{ id: string }>,
    notices: (async (_req, res) => {
      res.json({ avisos: await service.noticesFor(res.locals.member as string) });
    }) as RequestHandler,
    report: (async (_req, res) => {
      res.json(await service.report());
    }) as RequestHandler,
  };
}
