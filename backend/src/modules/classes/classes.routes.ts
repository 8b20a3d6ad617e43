import { Router, type RequestHandler } from 'express';
import type { createClassesController } from './classes.controller';

export function classesRoutes(
  c: ReturnType<typeof createClassesController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  const { requireStaff: staff, requireMember: member } = guards;
  return Router()
    .get('/clases/horario', c.timetable)
    .get('/clases/sesiones', staff, c.sessions)
    .get('/clases/sesiones/:id', staff, c.session)
    .post('/clases/sesiones/:id/reservas', staff, c.deskBook)
    .post('/clases/sesiones/:id/suspender', staff, c.suspend)
    .post('/clases/dias/:dia/suspender', staff, c.suspendDay)
    .post('/clases/reservas/:id/cancelar', staff, c.deskCancel)
    .post('/clases/reservas/:id/asistencia', staff, c.attendance)
    .delete('/clases/reservas/:id/asistencia', staff, c.undoAttendance)
    .get('/clases/configuracion', staff, c.setup)
    .post('/clases/horarios', staff, c.createSlot)
    .put('/clases/horarios/:id', staff, c.editSlot)
    .put('/clases/reglas', staff, c.saveRules)
    .put('/clases/planes/:idPlan', staff, c.savePlan)
    .post('/clases/ingresos', staff, c.checkin)
    .get('/clases/ingresos', staff, c.checkins)
    .get('/clases/buscar', staff, c.search)
    .put('/clases/clientes/:idUsuario/dni', staff, c.setDni)
    .get('/clases/clientes/:idUsuario', staff, c.clientClasses)
    .get('/clases/hoy', staff, c.today)
    .get('/clases/ocupacion', staff, c.occupancy)
    .get('/socio/clases', member, c.memberClasses)
    .post('/socio/clases/:id/reserva', member, c.memberBook)
    .post('/socio/reservas/:id/cancelar', member, c.memberCancel);
}
