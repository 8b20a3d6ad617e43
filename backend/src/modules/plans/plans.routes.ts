import { Router, type RequestHandler } from 'express';
import type { createPlansController } from './plans.controller';

export function plansRoutes(controller: ReturnType<typeof createPlansController>, requireStaff: RequestHandler) {
  return Router()
    .get('/obtenerlistadeplanes', requireStaff, controller.list)
    .post('/agregarplan', requireStaff, controller.create)
    .post('/obtenerdataplan', requireStaff, controller.get)
    .post('/actualizarplan', requireStaff, controller.update)
    .post('/borrarPlan', requireStaff, controller.remove);
}
