import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { auditedWrites, createAuditRecorder, type AuditRecorder } from '../audit';
import { createClientsRepository } from '../clients/clients.repository';
import type { Mailer } from '../messages/mailer';
import { createMessagesRepository } from '../messages/messages.repository';
import { createMessagesService, type MessagesService } from '../messages/messages.service';
import { createPlansRepository } from '../plans/plans.repository';
import { createDeskRepository } from './desk.repository';
import { createDeskService } from './desk.service';
import { createMembershipsController } from './memberships.controller';
import { createMembershipsRepository } from './memberships.repository';
import { membershipsRoutes } from './memberships.routes';
import { createMembershipsService } from './memberships.service';
import { createRemindersRepository } from './reminders.repository';
import { createRemindersService } from './reminders.service';

function remindersService(db: Knex, messages: MessagesService, clock: Clock, audit: AuditRecorder) {
  return createRemindersService({
    reminders: createRemindersRepository(db),
    messages,
    transaction: (work) => db.transaction(work),
    clock,
    audit,
  });
}

/** For the daily job, which has no app around it. */
export function createRemindersServiceFor(deps: { db: Knex; mailer: Mailer; clock: Clock; logger: Logger }) {
  const messages = createMessagesService({
    messages: createMessagesRepository(deps.db),
    clients: createClientsRepository(deps.db),
    ...deps,
    write: auditedWrites(deps.db, createAuditRecorder(deps.clock), createMessagesRepository),
  });
  return remindersService(deps.db, messages, deps.clock, createAuditRecorder(deps.clock));
}

export function membershipsModule(
  deps: { db: Knex; clock: Clock; messages: MessagesService; audit: AuditRecorder },
  requireStaff: RequestHandler,
) {
  const { db, clock } = deps;
  const memberships = createMembershipsService({
    memberships: createMembershipsRepository(db),
    reminders: createRemindersRepository(db),
    clients: createClientsRepository(db),
    plans: createPlansRepository(db),
    clock,
    audit: deps.audit,
  });
  const desk = createDeskService({ desk: createDeskRepository(db), db, clock });
  const reminders = remindersService(db, deps.messages, clock, deps.audit);
  return { router: membershipsRoutes(createMembershipsController({ memberships, desk, reminders }), requireStaff) };
}
