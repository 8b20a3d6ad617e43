import type { RequestHandler } from 'express';
import {
  attendanceSchema,
  checkinMessages as cm,
  classCancelSchema,
  classMessages as m,
  classRulesSchema,
  classSetupMessages as cs,
  classSlotEditSchema,
  classSlotSchema,
  deskBookingSchema,
  DNI_PATTERN,
  dniSchema,
  normalizeDni,
  planDisciplinesSchema,
  type ClassDiscipline,
} from '@gym/contracts/classes';
import { can } from '@gym/contracts/roles';
import { isIsoDate } from '@gym/contracts/membership-dates';
import { currentAccount } from '../../http/auth';
import { FIELD_PERMISSIONS } from '../../http/route-permissions';
import { validate } from '../../http/validate';
import { NotFound, ValidationFailed } from '../../shared/errors';
import { UUID } from '../../shared/ids';
import type { AttendanceService } from './attendance.service';
import type { BookingsService } from './bookings.service';
import type { CheckinsService, DoorInput } from './checkins.service';
import type { ScheduleService } from './schedule.service';
import type { SuspensionsService } from './suspensions.service';
import type { RetentionService } from './retention.service';

const MAX_DAYS = 31;

/** A session's or booking's id from the path: anything but a UUID is the message's 404. */
const uuidParam = (value: unknown, message: string): string => {
  if (typeof value !== 'string' || !UUID.test(value)) throw new NotFound(message);
  return value;
};

/** A positive int4 from the path, else the message's 404. */
const idParam = (value: unknown, message: string, max = 2_147_483_647): number => {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > max) throw new NotFound(message);
  return id;
};

/** How the door was given the person: the portal QR, a DNI, or a code from the typed search (first one set wins). */
function doorInput(body: unknown): DoorInput {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof b.qr === 'string' && b.qr) return { qr: b.qr.slice(0, 200) };
  if (typeof b.dni === 'string' && b.dni) {
    const dni = normalizeDni(b.dni);
    if (!DNI_PATTERN.test(dni)) throw new ValidationFailed(cm.dniInvalid, { dni: cm.dniInvalid });
    return { dni };
  }
  if (typeof b.idUsuario === 'string' && b.idUsuario) return { idUsuario: b.idUsuario.slice(0, 64) };
  throw new ValidationFailed(cm.channelInvalid);
}

export function createClassesController({
  bookings,
  schedule,
  checkins,
  attendance,
  suspensions,
  retention,
}: {
  bookings: BookingsService;
  schedule: ScheduleService;
  checkins: CheckinsService;
  attendance: AttendanceService;
  suspensions: SuspensionsService;
  retention: RetentionService;
}) {
  const member = (locals: Record<string, unknown>) => locals.member as string;
  return {
    timetable: async (_req, res) => {
      res.json({ horario: await schedule.publicTimetable() });
    },
    /** From `desde` (today by default) for `dias` days (7 by default, at most 31). */
    sessions: async (req, res) => {
      const { desde, dias } = req.query;
      const days = Math.min(MAX_DAYS, Math.max(1, Number.parseInt(String(dias ?? '7'), 10) || 7));
      res.json({ sesiones: await schedule.sessions({ from: isIsoDate(desde) ? desde : undefined, days }) });
    },
    session: async (req, res) => {
      res.json(await bookings.sessionDetail(uuidParam(req.params.id, m.sessionNotFound)));
    },
    deskBook: async (req, res) => {
      const { idUsuario } = validate(deskBookingSchema, req.body);
      const session = uuidParam(req.params.id, m.sessionNotFound);
      res.status(201).json(await bookings.book(session, idUsuario, { staff: true }));
    },
    deskCancel: async (req, res) => {
      res.json(await bookings.cancel(uuidParam(req.params.id, m.bookingNotFound), { staff: true }));
    },
    attendance: async (req, res) => {
      const { asistio } = validate(attendanceSchema, req.body);
      const booking = uuidParam(req.params.id, m.bookingNotFound);
      res.json({ reservas: await bookings.attendance(booking, asistio) });
    },
    undoAttendance: async (req, res) => {
      res.json({ reservas: await bookings.undoAttendance(uuidParam(req.params.id, m.bookingNotFound)) });
    },
    suspend: async (req, res) => {
      const { motivo } = validate(classCancelSchema, req.body);
      res.json(await suspensions.session(uuidParam(req.params.id, m.sessionNotFound), motivo));
    },
    suspendDay: async (req, res) => {
      const { motivo } = validate(classCancelSchema, req.body);
      const dia = req.params.dia;
      if (!isIsoDate(dia)) throw new ValidationFailed(m.dayInvalid);
      res.json(await suspensions.day(dia, motivo));
    },
    setup: async (_req, res) => {
      res.json(await schedule.setup());
    },
    createSlot: async (req, res) => {
      res.status(201).json(await schedule.createSlot(validate(classSlotSchema, req.body)));
    },
    editSlot: async (req, res) => {
      const edit = validate(classSlotEditSchema, req.body);
      res.json(await schedule.editSlot(idParam(req.params.id, cs.slotNotFound), edit));
    },
    saveRules: async (req, res) => {
      res.json(await schedule.saveRules(validate(classRulesSchema, req.body)));
    },
    savePlan: async (req, res) => {
      const { disciplines, weeklyLimit } = validate(planDisciplinesSchema, req.body);
      const idPlan = idParam(req.params.idPlan, cs.planNotFound, 9);
      res.json(await schedule.savePlan(idPlan, { disciplines: disciplines as ClassDiscipline[], weeklyLimit }));
    },
    checkin: async (req, res) => {
      res.json(await checkins.checkin(doorInput(req.body)));
    },
    checkins: async (req, res) => {
      const { dia } = req.query;
      res.json({ ingresos: await checkins.list(isIsoDate(dia) ? dia : undefined) });
    },
    search: async (req, res) => {
      const text = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 40) : '';
      res.json({ clientes: await checkins.search(text) });
    },
    setDni: async (req, res) => {
      const { dni } = validate(dniSchema, req.body);
      res.json(await checkins.setDni(String(req.params.idUsuario), dni ?? null));
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
    /** `?limite=` (50 by default, at most 200). */
    membersAtRisk: async (req, res) => {
      const limit = Math.min(200, Math.max(1, Number.parseInt(String(req.query.limite ?? '50'), 10) || 50));
      res.json(await retention.membersAtRisk({ limit }));
    },
    liftBlock: async (req, res) => {
      res.json(await retention.lift(String(req.params.idUsuario)));
    },
    winBack: async (req, res) => {
      res.json(await retention.winBack(String(req.params.idUsuario)));
    },
    memberClasses: async (_req, res) => {
      res.json(await bookings.memberClasses(member(res.locals)));
    },
    memberBook: async (req, res) => {
      const session = uuidParam(req.params.id, m.sessionNotFound);
      res.status(201).json(await bookings.book(session, member(res.locals), { member: member(res.locals) }));
    },
    memberCancel: async (req, res) => {
      res.json(await bookings.cancel(uuidParam(req.params.id, m.bookingNotFound), { member: member(res.locals) }));
    },
  } satisfies Record<string, RequestHandler>;
}
