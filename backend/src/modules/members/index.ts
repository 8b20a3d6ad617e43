import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Mailer } from '../../shared/mailer';
import { queuedMailer } from '../../shared/mail-retry';
import { createThrottle } from '../../shared/throttle';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { MembershipsService } from '../memberships';
import type { PlanReads } from '../plans';
import { createDoorPass } from './door-pass';
import { createMembersController, requireMemberSession, type MemberCookie } from './members.controller';
import { createMembersRepository } from './members.repository';
import { membersRoutes } from './members.routes';
import { createMembersService } from './members.service';
import { createTransfersRepository } from './transfers.repository';
import { createTransfersService } from './transfers.service';

/** Not the staff cookie: a member session opens only /v1/socio/*, and a staff one never does. */
export function memberCookie(config: AppConfig): MemberCookie {
  return {
    name: config.cookieSecure ? '__Host-msid' : 'msid',
    options: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' },
  };
}

/** The members' portal: access by a link (sent by staff or asked for by e-mail) and the member's own page. */
export function membersModule(
  deps: {
    db: Knex;
    config: AppConfig;
    clock: Clock;
    audit: AuditRecorder;
    mailer: Mailer;
    logger: Logger;
    clients: ClientReads;
    plans: PlanReads;
    memberships: MembershipsService;
  },
  requireStaff: RequestHandler,
) {
  const { config } = deps;
  const cookie = memberCookie(config);
  const service = createMembersService({
    ...deps,
    members: createMembersRepository(deps.db),
    throttle: createThrottle(deps.db, deps.clock, config.throttle),
    siteUrl: config.orders.siteUrl,
    sessionMaxDays: config.memberSession.maxDays,
    contact: {
      whatsapp: config.social.whatsappNumber ?? null,
      address: config.orders.pickup.address,
      hours: config.orders.pickup.hours,
    },
  });
  const transfers = createTransfersService({
    ...deps,
    // The member's answer on a receipt they paid by transfer: queued in the outbox, sent after the answer.
    mailer: queuedMailer(deps),
    transfers: createTransfersRepository(deps.db),
    siteUrl: config.orders.siteUrl,
    limits: {
      ...config.memberUploads,
      daily: createThrottle(deps.db, deps.clock, {
        maxFailures: config.memberUploads.perDay,
        windowMinutes: 24 * 60,
      }),
    },
  });
  const requireMember = requireMemberSession(service, cookie.name);
  const doorPass = createDoorPass(config.memberQrSecret, deps.clock);
  return {
    /** Reads a member's QR at the door (the check-in of issue 28). */
    doorPass,
    /** Opens the classes module's portal routes to the member of the session. */
    requireMember,
    router: membersRoutes(createMembersController(service, transfers, doorPass, cookie), {
      requireStaff,
      requireMember,
    }),
  };
}

export type { DoorPassReading } from './door-pass';
