import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createClientsRepository } from '../clients/clients.repository';
import type { Mailer } from './mailer';
import { createMessagesController } from './messages.controller';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';

export function messagesModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; mailer: Mailer; logger: Logger },
  requireStaff: RequestHandler,
) {
  const service = createMessagesService({
    messages: createMessagesRepository(deps.db),
    clients: createClientsRepository(deps.db),
    mailer: deps.mailer,
    clock: deps.clock,
    logger: deps.logger,
    write: auditedWrites(deps.db, deps.audit, createMessagesRepository),
  });
  return { router: messagesRoutes(createMessagesController(service), requireStaff), service };
}
