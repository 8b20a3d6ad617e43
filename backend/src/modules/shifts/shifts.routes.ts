import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createShiftsController } from './shifts.controller';

export function shiftsRoutes(controller: ReturnType<typeof createShiftsController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/turnos',
      requireStaff,
      allow('turnos.ver', { notes: "`[{idUsuario, turno, usuario, entrenador}]` in the client list's order" }),
      controller.list,
    )
    .get('/entrenadores', requireStaff, allow('turnos.ver', { notes: "the trainers' names" }), controller.trainers)
    .put(
      '/turnos/:idUsuario',
      requireStaff,
      allow('turnos.editar', {
        input: '{turno, entrenador}',
        notes: 'the row; 400 for an unknown shift or trainer; 404 for an unknown client',
      }),
      controller.change,
    );
}
