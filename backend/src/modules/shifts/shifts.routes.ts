import { Router, type RequestHandler } from 'express';
import type { createShiftsController } from './shifts.controller';

export function shiftsRoutes(controller: ReturnType<typeof createShiftsController>, requireStaff: RequestHandler) {
  return Router()
    .get('/turnos', requireStaff, controller.list)
    .get('/entrenadores', requireStaff, controller.trainers)
    .put('/turnos/:idUsuario', requireStaff, controller.change);
}
