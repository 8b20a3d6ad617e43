import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Mailer } from '../../shared/mailer';
import { retryingMailer } from '../../shared/mail-retry';
import type { AuditRecorder } from '../audit';
import type { DoorPassReading } from '../members';
import { createAttendanceRepository } from './attendance.repository';
import { createAttendanceService } from './attendance.service';
import { createBookingsService } from './bookings.service';
import { createCheckinsRepository } from './checkins.repository';
import { createCheckinsService } from './checkins.service';
import { createClassesController } from './classes.controller';
import { createClassesRepository } from './classes.repository';
import { classesRoutes } from './classes.routes';
import { createScheduleService } from './schedule.service';
import { createSessionCalendar } from './session-calendar';
import { createSuspensionsService } from './suspensions.service';

/** Classes people book and the door (issue 28): the timetable, sessions, bookings and check-ins. */
export function classesModule(
  deps: {
    db: Knex;
    clock: Clock;
    audit: AuditRecorder;
    mailer: Mailer;
    logger: Logger;
    readPass: (token: string) => DoorPassReading;
    /** DOOR_REPEAT_MINUTES (anti-passback). */
    doorRepeatMinutes: number;
  },
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  // A promotion from the waiting list or a suspended class: a refused mail is kept and tried again.
  deps = { ...deps, mailer: retryingMailer(deps) };
  const repo = createClassesRepository();
  const calendar = createSessionCalendar(deps.db, repo, deps.clock);
  const bookings = createBookingsService({ ...deps, repo, calendar });
  const schedule = createScheduleService({ ...deps, repo, calendar, tellPromoted: bookings.tellPromotedIn });
  const checkins = createCheckinsService({
    ...deps,
    repo,
    checkins: createCheckinsRepository(),
    repeatMinutes: deps.doorRepeatMinutes,
  });
  const attendance = createAttendanceService({ ...deps, repo, attendance: createAttendanceRepository(), calendar });
  const suspensions = createSuspensionsService({ ...deps, repo, calendar });
  const controller = createClassesController({ bookings, schedule, checkins, attendance, suspensions });
  return { router: classesRoutes(controller, guards) };
}
