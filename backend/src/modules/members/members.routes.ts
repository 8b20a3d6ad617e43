import { Router, type RequestHandler } from 'express';
import type { createMembersController } from './members.controller';

export function membersRoutes(
  controller: ReturnType<typeof createMembersController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  return Router()
    .post('/clients/:idUsuario/member-access', guards.requireStaff, controller.sendAccess)
    .delete('/clients/:idUsuario/member-sessions', guards.requireStaff, controller.endSessions)
    .post('/socio/ingresar', controller.requestLink)
    .post('/socio/enlace', controller.openLink)
    .get('/socio/yo', guards.requireMember, controller.portal)
    .get('/socio/recibos/:id', guards.requireMember, controller.receipt)
    .post('/socio/salir', guards.requireMember, controller.signOut);
}
