import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { AuditRecorder } from '../audit';
import type { Mailer } from '../../shared/mailer';
import { createOrdersController } from './orders.controller';
import { orderThrottle, staffOrToken } from './orders.guards';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

export function ordersModule(
  deps: { db: Knex; clock: Clock; mailer: Mailer; logger: Logger; config: AppConfig; audit?: AuditRecorder },
  auth: { requireStaff: RequestHandler; deskStaff: RequestHandler },
) {
  const { requireStaff, deskStaff } = auth;
  const { orders: settings, social } = deps.config;
  const service = createOrdersService({
    orders: createOrdersRepository(deps.db),
    clock: deps.clock,
    mailer: deps.mailer,
    logger: deps.logger,
    settings: { ...settings, whatsappNumber: social.whatsappNumber },
    audit: deps.audit,
  });
  const throttle = orderThrottle(deps.db, deps.clock, settings.throttle);
  const controller = createOrdersController(service);
  return {
    service,
    router: ordersRoutes(controller, { requireStaff, deskStaff, throttle, staffOrToken: staffOrToken(requireStaff) }),
  };
}
