import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Mailer } from '../../shared/mailer';
import { retryingMailer } from '../../shared/mail-retry';
import { auditedWrites, type AuditRecorder } from '../audit';
import type { ClientReads, ClientsService } from '../clients';
import type { DoorPassReading } from '../members';
import type { MembershipReads } from '../memberships';
import type { PlanReads } from '../plans';
import type { TrainerReads } from '../shifts';
import { createAttendanceService } from './attendance.service';
import { createBookingsService } from './bookings.service';
import { createCheckinsService } from './checkins.service';
import { createClassesController } from './classes.controller';
import { classesRoutes } from './classes.routes';
import { classPeers } from './peers';
import { classesRepositories } from './repositories';
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
    /** What the classes read of the other modules, through their exported reads (peers.ts). */
    clients: ClientReads;
    /** The clients' service: the door sets a DNI through it. */
    clientWrites: Pick<ClientsService, 'setDni'>;
    plans: PlanReads;
    memberships: MembershipReads;
    trainers: TrainerReads;
  },
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  // A promotion from the waiting list or a suspended class: a refused mail is kept and tried again.
  deps = { ...deps, mailer: retryingMailer(deps) };
  const repos = classesRepositories(deps.db);
  const write = auditedWrites(deps.db, deps.audit, classesRepositories);
  const calendar = createSessionCalendar(repos.sessions, deps.clock);
  const peers = classPeers(deps);
  const shared = { ...deps, repos, write, peers, calendar };
  const bookings = createBookingsService(shared);
  const schedule = createScheduleService({ ...shared, tellPromoted: bookings.tellPromotedIn });
  const checkins = createCheckinsService({ ...shared, repeatMinutes: deps.doorRepeatMinutes });
  const attendance = createAttendanceService(shared);
  const suspensions = createSuspensionsService(shared);
  const controller = createClassesController({ bookings, schedule, checkins, attendance, suspensions });
  return { router: classesRoutes(controller, guards) };
}
