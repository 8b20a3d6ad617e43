import type { RequestHandler } from 'express';
import type { ShiftsService } from './shifts.service';

export function createShiftsController(service: ShiftsService) {
  const list: RequestHandler = async (_req, res) => {
    res.json(await service.list());
  };

  const trainers: RequestHandler = async (_req, res) => {
    res.json(await service.trainers());
  };

  const change: RequestHandler<{ idUsuario: string }> = async (req, res) => {
    res.json(await service.change(req.params.idUsuario, req.body));
  };

  return { list, trainers, change };
}
