import { Router, type RequestHandler } from 'express';
import type { createReportsController } from './reports.controller';

/** The desk closes its own cash (caja.cerrar); the owner also reads everyone's (caja.ver) and the numbers over time and the accountant's export (reportes.ver). */
export function reportsRoutes(controller: ReturnType<typeof createReportsController>, requireStaff: RequestHandler) {
  return Router()
    .get('/caja', requireStaff, controller.current)
    .post('/caja/cierres', requireStaff, controller.close)
    .get('/caja/cierres', requireStaff, controller.ofDay)
    .get('/caja/cierres/:id/pdf', requireStaff, controller.pdf)
    .get('/reportes/contable', requireStaff, controller.accounting)
    .get('/reportes/ingresos', requireStaff, controller.income)
    .get('/reportes/socios', requireStaff, controller.members)
    .get('/reportes/asistencia', requireStaff, controller.attendance)
    .get('/reportes/tienda', requireStaff, controller.shop);
}
