import { Router, type RequestHandler } from 'express';
import type { createClientsController } from './clients.controller';

export function clientsRoutes(controller: ReturnType<typeof createClientsController>, requireStaff: RequestHandler) {
  return Router()
    .get('/obtenerlistadeusuarios', requireStaff, controller.list)
    .post('/agregarusuario', requireStaff, controller.create)
    .post('/obtenerdatausuario', requireStaff, controller.get)
    .post('/actualizarusuario', requireStaff, controller.update)
    .post('/borrarusuario', requireStaff, controller.remove)
    .get('/clients/archived', requireStaff, controller.listArchived)
    .post('/clients/:idUsuario/restore', requireStaff, controller.restore);
}
