import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Mailer } from '../../shared/mailer';
import { createThrottle } from '../../shared/throttle';
import { createAuditRecorder, type AuditRecorder } from '../audit';
import { membershipsServiceFor, type MembershipsService } from '../memberships';
import { ordersServiceFor, type OrdersService } from '../orders';
import { mercadoPagoProvider } from './mercadopago';
import { createOnlinePaymentsRepository } from './online-payments.repository';
import { createPaymentsService } from './payments.service';
import type { PaymentProvider } from './provider';

/** The payments service over the app's own orders and memberships; undefined without Mercado Pago configured. */
export function createPayments(deps: {
  db: Knex;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  orders: OrdersService;
  memberships: MembershipsService;
  audit: AuditRecorder;
  provider?: PaymentProvider;
}) {
  const { config } = deps;
  const provider = deps.provider ?? (config.mercadoPago && mercadoPagoProvider(config.mercadoPago));
  if (!provider) return undefined;
  const renewalsPer10Min = config.mercadoPago?.renewalsPer10Min ?? 5;
  return createPaymentsService({
    repo: createOnlinePaymentsRepository(deps.db),
    provider,
    orders: deps.orders,
    memberships: deps.memberships,
    audit: deps.audit,
    clock: deps.clock,
    logger: deps.logger,
    settings: {
      siteUrl: config.orders.siteUrl,
      hold: { unpaidHours: config.orders.unpaidHours, large: config.orders.large },
    },
    renewals: createThrottle(deps.db, deps.clock, { maxFailures: renewalsPer10Min, windowMinutes: 10 }),
  });
}

/** For the reconciliation job, which has no app around it. */
export function paymentsFromConfig(deps: {
  db: Knex;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  mailer: Mailer;
}) {
  const audit = createAuditRecorder(deps.clock);
  return createPayments({
    ...deps,
    audit,
    orders: ordersServiceFor({ ...deps, audit }),
    memberships: membershipsServiceFor(deps),
  });
}
