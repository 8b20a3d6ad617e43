import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Mailer } from '../../shared/mailer';
import { queuedMailer } from '../../shared/mail-retry';
import { auditedWrites, type AuditRecorder } from '../audit';
import { clientReads, type ClientReads, type ClientsService } from '../clients';
import type { DoorPassReading } from '../members';
import { membershipReads, type MembershipReads } from '../memberships';
import type { MessagingService } from '../messaging';
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
import { createRetentionService, type RetentionSettings } from './retention.service';

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
    /** AUSENCIA_DIAS and NO_SHOWS_BLOQUEO: the "Socios en riesgo" list and the no-show rule. */
    retention: RetentionSettings;
    /** What the classes read of the other modules, through their exported reads (peers.ts). */
    clients: ClientReads;
    /** The clients' service: the door sets a DNI through it. */
    clientWrites: Pick<ClientsService, 'setDni'>;
    plans: PlanReads;
    memberships: MembershipReads;
    trainers: TrainerReads;
    /** The WhatsApp outbox (messaging): the win-back message from "Socios en riesgo". */
    whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
  },
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  // A promotion from the waiting list or a suspended class: queued in the outbox, sent after the answer.
  deps = { ...deps, mailer: queuedMailer(deps) };
  const repos = classesRepositories(deps.db);
  const write = auditedWrites(deps.db, deps.audit, classesRepositories);
  const calendar = createSessionCalendar(repos.sessions, deps.clock);
  const peers = classPeers(deps);
  const shared = { ...deps, repos, write, peers, calendar, settings: deps.retention };
  const bookings = createBookingsService(shared);
  const schedule = createScheduleService({ ...shared, tellPromoted: bookings.tellPromotedIn });
  const checkins = createCheckinsService({ ...shared, repeatMinutes: deps.doorRepeatMinutes });
  const attendance = createAttendanceService(shared);
  const suspensions = createSuspensionsService(shared);
  const retention = createRetentionService(shared);
  const controller = createClassesController({ bookings, schedule, checkins, attendance, suspensions, retention });
  return { router: classesRoutes(controller, guards) };
}

export type { RetentionSettings } from './retention.service';

/**
 * The "Socios en riesgo" list, for a job with no app around it (the win-back message,
 * socio_te_extranamos): the active members at risk, most at risk first, the first `limit`.
 */
export function membersAtRisk(
  deps: { db: Knex; clock: Clock; settings: RetentionSettings },
  options: { limit?: number } = {},
) {
  const clients = clientReads(deps.db);
  const memberships = membershipReads(deps.db);
  const repos = classesRepositories(deps.db);
  return createRetentionService({
    repos,
    // Reads only: a write would need the audit recorder.
    write: () => Promise.reject(new Error('membersAtRisk only reads')),
    peers: {
      activeMembers: (day) => memberships.activeOn(day),
      async contacts(ids) {
        const found = await Promise.all([...new Set(ids)].map((id) => clients.byId(id)));
        return new Map(
          found.flatMap((c) =>
            c
              ? [[c.idUsuario, { idUsuario: c.idUsuario, nombre: c.nombre, correo: c.correo, celular: c.celular }]]
              : [],
          ),
        );
      },
    },
    clock: deps.clock,
    settings: deps.settings,
  }).membersAtRisk(options);
}
