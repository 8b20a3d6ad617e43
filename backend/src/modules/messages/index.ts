import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { auditedWrites, type AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import { createMessagesController } from './messages.controller';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';

interface MessagesDeps {
  db: Knex;
  clock: Clock;
  audit: AuditRecorder;
  mailer: Mailer;
  logger: Logger;
  clients: ClientReads;
}

/** The service that sends and records messages to clients (also for the reminder job, which has no app). */
export function messagesServiceFor(deps: MessagesDeps) {
  return createMessagesService({
    messages: createMessagesRepository(deps.db),
    clients: deps.clients,
    mailer: deps.mailer,
    outbox: queuedMailer(deps),
    clock: deps.clock,
    logger: deps.logger,
    write: auditedWrites(deps.db, deps.audit, createMessagesRepository),
  });
}

export function messagesModule(deps: MessagesDeps, requireStaff: RequestHandler) {
  const service = messagesServiceFor(deps);
  return { router: messagesRoutes(createMessagesController(service), requireStaff), service };
}

export type { MessagesService } from './messages.service';
