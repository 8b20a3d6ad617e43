import { Router, type RequestHandler } from 'express';
import { allow, member, open } from '../../http/route-access';
import type { createClassesController } from './classes.controller';

const setup = { notes: '`{slots, rules, plans, trainers}`' };
const door =
  'the door: `{allowed, repeat, reason, cliente, clase, at}` (refused ones are 200 too, and kept; `repeat: true` with `Ya ingresó hoy a las HH:MM` when the same member came in within `DOOR_REPEAT_MINUTES` (120) of an entry that counted, amber at the desk, kept as a repeat and counted nowhere as a visit; `clase` is the booking marked attended, only one whose window holds the entry: from 30 minutes before it starts until it ends)';
const myClasses = {
  notes:
    "*Mis clases*: `{sessions (with mine), blocked}`; book or join the waiting list; cancel their own booking (another's is 404)",
};

export function classesRoutes(
  c: ReturnType<typeof createClassesController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  const { requireStaff: staff, requireMember: memberSession } = guards;
  return Router()
    .get(
      '/clases/horario',
      open({
        notes: '`{horario: [{discipline, weekday, starts, ends}]}`: the active weekly slots, for the class pages',
      }),
      c.timetable,
    )
    .get(
      '/clases/sesiones',
      staff,
      allow('clases.ver', {
        input: '?desde=&dias=',
        notes: 'the sessions from `desde` (today) for `dias` (7, at most 31) with places held and waiting',
      }),
      c.sessions,
    )
    .get(
      '/clases/sesiones/:id',
      staff,
      allow('clases.ver', {
        notes: 'one session with its list (`reservada`, `espera` with its position, `cancelada`, `asistio`, `ausente`)',
      }),
      c.session,
    )
    .post(
      '/clases/sesiones/:id/reservas',
      staff,
      allow('clases.gestionar', {
        input: '{idUsuario}',
        notes:
          "201 `{id, status, position, message}`: a place (`reservada`) or the waiting list (`espera`, position from 1); 409 with the rule's Spanish reason (plan, membership, apto, weekly limit, not open yet, already booked, started, suspended)",
      }),
      c.deskBook,
    )
    .post(
      '/clases/sesiones/:id/suspender',
      staff,
      allow('clases.gestionar', {
        input: '{motivo}',
        notes: '`{message, avisados}`: everyone booked or waiting is cancelled and e-mailed',
      }),
      c.suspend,
    )
    .post(
      '/clases/dias/:dia/suspender',
      staff,
      allow('clases.gestionar', {
        input: '{motivo}',
        notes:
          'a holiday: every class of that day still to start, at once: `{message, clases, avisados}`; 400 for a past day or one more than 60 days ahead, 409 when there is nothing to suspend',
      }),
      c.suspendDay,
    )
    .post(
      '/clases/reservas/:id/cancelar',
      staff,
      allow('clases.gestionar', {
        notes:
          '`{message, promoted}`: `promoted` is who got the freed place (`{idUsuario, nombre, whatsappUrl}`, also e-mailed) or null; later than the free window it is a late cancellation',
      }),
      c.deskCancel,
    )
    .post(
      '/clases/reservas/:id/asistencia',
      staff,
      allow('clases.asistencia', {
        input: '{asistio}',
        notes: "the session's list; only once the class started, only for a held place",
      }),
      c.attendance,
    )
    .delete(
      '/clases/reservas/:id/asistencia',
      staff,
      allow('clases.asistencia', {
        notes:
          "takes back an *asistió* or *no vino* mark (the door's or staff's): the place is `reservada` again, audited; the session's list; 409 when nothing was marked",
      }),
      c.undoAttendance,
    )
    .get('/clases/configuracion', staff, allow('clases.ver', setup), c.setup)
    .post('/clases/horarios', staff, allow('clases.configurar', setup), c.createSlot)
    .put(
      '/clases/horarios/:id',
      staff,
      allow('clases.configurar', { input: '{room, capacity, trainerId, active}', ...setup }),
      c.editSlot,
    )
    .put(
      '/clases/reglas',
      staff,
      allow('clases.configurar', { input: '{daysAhead, freeCancelHours, weeklyLimit}', ...setup }),
      c.saveRules,
    )
    .put(
      '/clases/planes/:idPlan',
      staff,
      allow('clases.configurar', { input: '{disciplines, weeklyLimit}', ...setup }),
      c.savePlan,
    )
    .post(
      '/clases/ingresos',
      staff,
      allow('clases.gestionar', { input: '{qr} | {dni} | {idUsuario}', notes: door }),
      c.checkin,
    )
    .get(
      '/clases/ingresos',
      staff,
      allow('clases.gestionar', { input: '?dia=', notes: "the day's check-ins" }),
      c.checkins,
    )
    .get(
      '/clases/buscar',
      staff,
      allow('clases.gestionar', { input: '?q=', notes: 'clients by name, code or DNI (8 at most)' }),
      c.search,
    )
    .put(
      '/clases/clientes/:idUsuario/dni',
      staff,
      allow('clases.gestionar', {
        input: '{dni}',
        notes: "a client's DNI (7 or 8 digits, dots allowed, unique: 409; empty clears it)",
      }),
      c.setDni,
    )
    .get(
      '/clases/clientes/:idUsuario',
      staff,
      allow('clases.ver', {
        notes:
          "their attendance `{dni, asistencias, ausencias, tardias, ultimas}`, `dni` only to a role with `clases.gestionar` (a trainer's answer has none)",
      }),
      c.clientClasses,
    )
    .get(
      '/clases/hoy',
      staff,
      allow('clases.ver', { notes: "today's check-ins (allowed and refused) and sessions" }),
      c.today,
    )
    .get(
      '/clases/ocupacion',
      staff,
      allow('clases.ver', {
        notes: "each active slot's last 4 weeks (sessions held, places held and attended per session)",
      }),
      c.occupancy,
    )
    .get(
      '/socios-en-riesgo',
      staff,
      allow('socios.riesgo', {
        input: '?limite=',
        notes:
          '`{socios, total, ausenciaDias}`: active members with no visit in `AUSENCIA_DIAS` days (`ausencia`), visits in the last 30 days at most half their monthly average of the two months before (`baja`), or 2+ no-shows in 30 days (`ausentes`); each `{idUsuario, nombre, motivos, ultimaVisita, visitasMes, promedioMensual, ausentes30, bloqueadoHasta}`, most at risk first, the first `limite` (50, at most 200)',
      }),
      c.membersAtRisk,
    )
    .post(
      '/clientes/:idUsuario/reservas/desbloquear',
      staff,
      allow('reservas.desbloquear', {
        notes:
          'lifts the no-show block (`NO_SHOWS_BLOQUEO` no-shows in 30 days block booking for 7 days from the last one, 409 with the reason and the day): the no-shows so far stop counting, audited; 409 when not blocked, 404 for an unknown client',
      }),
      c.liftBlock,
    )
    .post(
      '/socios-en-riesgo/:idUsuario/te-extranamos',
      staff,
      allow('socios.recuperar', {
        notes:
          '`{message}`: the WhatsApp win-back template `socio_te_extranamos` queued for a member on the list for not coming (`ausencia`) who opted in, once per member and month, audited; 409 with the reason in Spanish (not away, no consent, WhatsApp not set up, no mobile, already sent this month), 404 for an unknown client',
      }),
      c.winBack,
    )
    .get('/socio/clases', memberSession, member(myClasses), c.memberClasses)
    .post('/socio/clases/:id/reserva', memberSession, member(myClasses), c.memberBook)
    .post('/socio/reservas/:id/cancelar', memberSession, member(myClasses), c.memberCancel);
}
