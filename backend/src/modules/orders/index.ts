import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { AuditRecorder } from '../audit';
import type { Mailer } from '../../shared/mailer';
import { queuedMailer } from '../../shared/mail-retry';
import { invoiceOutbox } from '../invoices';
import { variantStock } from '../products';
import { createOrdersController } from './orders.controller';
import { orderThrottle, staffOrToken } from './orders.guards';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService, type OrdersSettings } from './orders.service';

interface OrdersDeps {
  db: Knex;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  config: AppConfig;
  audit?: AuditRecorder;
}

/** The orders service from the config: the app's, and the payments' reconciliation job's. */
export function ordersServiceFor(deps: OrdersDeps) {
  const { orders: settings, social, mercadoPago } = deps.config;
  return createOrdersService({
    orders: createOrdersRepository(deps.db),
    stock: variantStock,
    clock: deps.clock,
    // The buyer's confirmation and news of the order: queued in the order's transaction, sent after the answer.
    mailer: queuedMailer(deps),
    logger: deps.logger,
    settings: { ...settings, whatsappNumber: social.whatsappNumber, mercadoPago: mercadoPago !== undefined },
    audit: deps.audit,
    invoices: invoiceOutbox(deps.db, deps.clock, deps.config),
  });
}

/**
 * The orders service for a job that has no app config (the unpaid orders' sweep): its own settings,
 * and a mailer when the runner has one (its mails queued in the outbox).
 */
export function ordersServiceForJob(deps: {
  db: Knex;
  clock: Clock;
  logger: Logger;
  mailer?: Mailer;
  settings: OrdersSettings;
  audit?: AuditRecorder;
}) {
  const { mailer } = deps;
  return createOrdersService({
    orders: createOrdersRepository(deps.db),
    stock: variantStock,
    clock: deps.clock,
    mailer: mailer ? queuedMailer({ ...deps, mailer }) : { send: async () => undefined },
    logger: deps.logger,
    settings: deps.settings,
    audit: deps.audit,
  });
}

export function ordersModule(deps: OrdersDeps, auth: { requireStaff: RequestHandler; deskStaff: RequestHandler }) {
  const { requireStaff, deskStaff } = auth;
  const service = ordersServiceFor(deps);
  const throttle = orderThrottle(deps.db, deps.clock, deps.config.orders.throttle);
  const controller = createOrdersController(service);
  return {
    service,
    router: ordersRoutes(controller, { requireStaff, deskStaff, throttle, staffOrToken: staffOrToken(requireStaff) }),
  };
}

export type { OrdersService } from './orders.service';
export type { OrderRecord } from './orders.repository';
export { toWireOrder } from './orders.wire';
