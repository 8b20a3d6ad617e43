import type { RequestHandler } from 'express';
import { shiftChangeSchema } from '@gym/contracts/shifts';
import { validate } from '../../http/validate';
import type { ShiftsService } from './shifts.service';

export function createShiftsController(service: ShiftsService) {
  const list: RequestHandler = async (_req, res) => {
    res.json(await service.list());
  };

  const trainers: RequestHandler = async (_req, res) => {
    res.json(await service.trainers());
  };

  const change: RequestHandler<{ idUsuario: string }> = async (req, res) => {
    res.json(await service.change(req.params.idUsuario, validate(shiftChangeSchema, req.body)));
  };

  return { list, trainers, change };
}
