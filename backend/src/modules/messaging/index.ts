import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { createAuditRecorder, type AuditRecorder } from '../audit';
import { clientReads, type ClientReads } from '../clients';
import { createMessagingController } from './messaging.controller';
import { createMessagingRepository } from './messaging.repository';
import { messagingRoutes, whatsappWebhookRoutes } from './messaging.routes';
import { createMessagingService } from './messaging.service';
import { createWhatsappClient, type WhatsappClient } from './whatsapp.client';

export type { MessagingService, QueueOutcome } from './messaging.service';

interface MessagingDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  /** The plain mailer: the fallback e-mails are queued in the outbox and sent through it. */
  mailer: Mailer;
  audit?: AuditRecorder;
  clients?: ClientReads;
  whatsapp?: WhatsappClient;
}

function service(deps: MessagingDeps) {
  const settings = deps.config.whatsapp;
  return createMessagingService({
    repo: createMessagingRepository(deps.db),
    db: deps.db,
    clock: deps.clock,
    audit: deps.audit ?? createAuditRecorder(deps.clock),
    clients: deps.clients ?? clientReads(deps.db),
    logger: deps.logger,
    settings,
    whatsapp: deps.whatsapp ?? (settings && createWhatsappClient(settings)),
    mailer: queuedMailer({ db: deps.db, mailer: deps.mailer, logger: deps.logger, clock: deps.clock }),
  });
}

/** The messaging service for a job or another module with no app around it (the reminders). */
export const messagingServiceFor = (deps: MessagingDeps) => service(deps);

/**
 * WhatsApp Cloud API messages (issue 46): `webhookRouter` is mounted before the API's JSON parser
 * (its signature is over the raw body); `router`, the consents and message lists.
 */
export function messagingModule(deps: MessagingDeps) {
  const messaging = service(deps);
  const controller = createMessagingController(messaging);
  return {
    service: messaging,
    webhookRouter: whatsappWebhookRoutes(controller),
    /** Mounted once the member guard exists. */
    routes: (guards: { requireStaff: RequestHandler; requireMember: RequestHandler }) =>
      messagingRoutes(controller, guards),
  };
}
