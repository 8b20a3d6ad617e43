import type { RequestHandler } from 'express';
import { can } from '@gym/contracts';
import { currentAccount } from '../../http/auth';
import { FIELD_PERMISSIONS } from '../../http/route-permissions';
import type { AttendanceService } from './attendance.service';
import type { BookingsService } from './bookings.service';
import type { CheckinsService } from './checkins.service';
import type { ScheduleService } from './schedule.service';
import type { SuspensionsService } from './suspensions.service';

export function createClassesController({
  bookings,
  schedule,
  checkins,
  attendance,
  suspensions,
}: {
  bookings: BookingsService;
  schedule: ScheduleService;
  checkins: CheckinsService;
  attendance: AttendanceService;
  suspensions: SuspensionsService;
}) {
  const member = (locals: Record<string, unknown>) => locals.member as string;
  return {
    timetable: async (_req, res) => {
      res.json({ horario: await schedule.publicTimetable() });
    },
    sessions: async (req, res) => {
      res.json({ sesiones: await schedule.sessions(req.query) });
    },
    session: async (req, res) => {
      res.json(await bookings.sessionDetail(req.params.id));
    },
    deskBook: async (req, res) => {
      res.status(201).json(await bookings.deskBook(req.params.id, req.body));
    },
    deskCancel: async (req, res) => {
      res.json(await bookings.cancel(req.params.id, { staff: true }));
    },
    attendance: async (req, res) => {
      res.json({ reservas: await bookings.attendance(req.params.id, req.body) });
    },
    undoAttendance: async (req, res) => {
      res.json({ reservas: await bookings.undoAttendance(req.params.id) });
    },
    suspend: async (req, res) => {
      res.json(await suspensions.session(req.params.id, req.body));
    },
    suspendDay: async (req, res) => {
      res.json(await suspensions.day(req.params.dia, req.body));
    },
    setup: async (_req, res) => {
      res.json(await schedule.setup());
    },
    createSlot: async (req, res) => {
      res.status(201).json(await schedule.createSlot(req.body));
    },
    editSlot: async (req, res) => {
      res.json(await schedule.editSlot(req.params.id, req.body));
    },
    saveRules: async (req, res) => {
      res.json(await schedule.saveRules(req.body));
    },
    savePlan: async (req, res) => {
      res.json(await schedule.savePlan(req.params.idPlan, req.body));
    },
    checkin: async (req, res) => {
      res.json(await checkins.checkin(req.body));
    },
    checkins: async (req, res) => {
      res.json({ ingresos: await checkins.list(req.query) });
    },
    search: async (req, res) => {
      res.json({ clientes: await checkins.search(req.query) });
    },
    setDni: async (req, res) => {
      res.json(await checkins.setDni(String(req.params.idUsuario), req.body));
    },
    clientClasses: async (req, res) => {
      const withDni = can(currentAccount(res).role, FIELD_PERMISSIONS['GET /v1/clases/clientes/:idUsuario'].dni);
      res.json(await attendance.client(String(req.params.idUsuario), { withDni }));
    },
    today: async (_req, res) => {
      res.json(await attendance.today());
    },
    occupancy: async (_req, res) => {
      res.json({ ocupacion: await attendance.occupancy() });
    },
    memberClasses: async (_req, res) => {
      res.json(await bookings.memberClasses(member(res.locals)));
    },
    memberBook: async (req, res) => {
      res.status(201).json(await bookings.book(req.params.id, member(res.locals), { member: member(res.locals) }));
    },
    memberCancel: async (req, res) => {
      res.json(await bookings.cancel(req.params.id, { member: member(res.locals) }));
    },
  } satisfies Record<string, RequestHandler>;
}
