import { Router, type RequestHandler } from 'express';
import type { createMembershipsController } from './memberships.controller';

export function membershipsRoutes(
  controller: ReturnType<typeof createMembershipsController>,
  requireStaff: RequestHandler,
) {
  return Router()
    .get('/desk/dashboard', requireStaff, controller.dashboard)
    .get('/clients/status', requireStaff, controller.statuses)
    .get('/desk/memberships', requireStaff, controller.list)
    .get('/desk/export', requireStaff, controller.csv)
    .get('/memberships/:idUsuario', requireStaff, controller.detail)
    .post('/memberships/:idUsuario/payments', requireStaff, controller.pay)
    .post('/memberships/:idUsuario/pause', requireStaff, controller.pause)
    .post('/memberships/:idUsuario/resume', requireStaff, controller.resume)
    .put('/memberships/:idUsuario/apto', requireStaff, controller.apto)
    .post('/payments/:id/void', requireStaff, controller.voidPayment)
    .get('/payments/:id/recibo', requireStaff, controller.receipt)
    .post('/payments/:id/recibo/enviar', requireStaff, controller.sendReceipt)
    .get('/reminders/templates', requireStaff, controller.templates)
    .put('/reminders/templates/:channel', requireStaff, controller.saveTemplate)
    .post('/reminders', requireStaff, controller.remind);
}
