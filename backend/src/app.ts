import express from 'express';
import helmet from 'helmet';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { systemClock, type Clock } from './clock';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { noStore } from './http/no-store';
import { originCheck } from './http/origin-check';
import { requestMetrics } from './http/metrics';
import { requestLog } from './http/request-log';
import { precomputedHeaders } from './http/security-headers';
import { serveFrontend } from './http/static';
import { accountsModule } from './modules/accounts';
import { auditModule, createAuditRecorder } from './modules/audit';
import { requestContext } from './http/request-context';
import { createPasswordHasher, type PasswordHasher } from './modules/accounts/password';
import { classesModule } from './modules/classes';
import { clientsModule } from './modules/clients';
import { consumerRequestsModule } from './modules/consumer-requests';
import { healthRoutes } from './modules/health/health.routes';
import { invoiceOutbox, invoiceReads, invoicesModule } from './modules/invoices';
import { membersModule } from './modules/members';
import {
  forgetMembership,
  membershipReads,
  membershipsModule,
  receiptGym,
  reminderPortal,
} from './modules/memberships';
import { messagesModule } from './modules/messages';
import { messagingModule } from './modules/messaging';
import { operationsModule } from './modules/operations';
import { ordersModule } from './modules/orders';
import { createDebits, createPayments, paymentsModule } from './modules/payments';
import { createMailer, type Mailer } from './shared/mailer';
import { plansModule } from './modules/plans';
import { pricingModule } from './modules/pricing';
import { productsModule } from './modules/products';
import { reportsModule } from './modules/reports';
import { shiftsModule } from './modules/shifts';
import { imagesModule } from './modules/images';
import { siteModule } from './modules/site';
import { weatherModule } from './modules/weather';
import { createWeatherClient, type WeatherClient } from './modules/weather/weather.client';

export interface AppDeps {
  db: Knex;
  logger: Logger;
  config: AppConfig;
  clock?: Clock;
  hasher?: PasswordHasher;
  mailer?: Mailer;
  weather?: WeatherClient;
}

export function createApp(deps: AppDeps) {
  const { db, logger, config } = deps;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? createPasswordHasher(config.passwordHashLogN);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    precomputedHeaders(
      helmet({
        contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:', 'https:'] } },
        strictTransportSecurity: config.cookieSecure,
      }),
    ),
  );
  // Successful fast reads log at debug in production: one line per catalogue hit cost ~15 % of throughput.
  app.use(requestLog(logger, { readLevel: config.env === 'production' ? 'debug' : 'info', slowMs: 500 }));
  app.use(requestMetrics());
  app.use(healthRoutes(db));

  const audit = createAuditRecorder(clock);
  const accounts = accountsModule({ db, config, clock, hasher, audit });
  const api = express.Router();
  api.use(noStore);
  const products = productsModule(
    { db, clock, audit, logger, imageHosts: config.imageHosts, catalogueIndex: config.catalogueIndex },
    accounts.requireStaff,
  );
  // The shop's hottest paths, public reads with no body, are matched before the body parser.
  api.use(products.catalogueRouter);
  const mailer = deps.mailer ?? createMailer(config);
  // Another site's state-changing request is refused before any body is read (webhooks included).
  api.use(originCheck(config.publicOrigin));
  // WhatsApp's webhook is signed over its raw bytes: it reads its own body, before the JSON parser.
  const messaging = messagingModule({ db, clock, logger, config, mailer, audit });
  api.use(messaging.webhookRouter);
  api.use(express.json({ limit: '100kb' }), requestContext);
  api.use(accounts.router);
  api.use(auditModule({ db }, accounts.requireStaff).router);
  api.use(products.router);
  const shifts = shiftsModule({ db, clock, audit }, accounts.requireStaff);
  api.use(shifts.router);
  const plans = plansModule({ db, clock, audit }, accounts.requireStaff);
  api.use(plans.router);
  const clients = clientsModule(
    { db, clock, audit, shifts: shifts.service, plans: plans.reads, forgetMembership },
    accounts.requireStaff,
  );
  api.use(clients.router);
  const messages = messagesModule({ db, clock, audit, mailer, logger, clients: clients.reads }, accounts.requireStaff);
  api.use(messages.router);
  const memberships = membershipsModule(
    {
      db,
      clock,
      audit,
      messages: messages.service,
      clients: clients.reads,
      plans: plans.reads,
      mailer,
      logger,
      siteUrl: config.orders.siteUrl,
      gym: receiptGym(config),
      portal: reminderPortal(config),
      invoices: invoiceOutbox(db, clock, config),
      invoiceReads: invoiceReads(db, config.invoicing),
      whatsapp: messaging.service,
    },
    accounts.requireStaff,
  );
  api.use(memberships.router);
  const members = membersModule(
    {
      db,
      config,
      clock,
      audit,
      mailer,
      logger,
      clients: clients.reads,
      plans: plans.reads,
      memberships: memberships.memberships,
    },
    accounts.requireStaff,
  );
  api.use(members.router);
  api.use(messaging.routes({ requireStaff: accounts.requireStaff, requireMember: members.requireMember }));
  api.use(
    classesModule(
      {
        db,
        clock,
        audit,
        mailer,
        logger,
        readPass: members.doorPass.read,
        doorRepeatMinutes: config.door.repeatMinutes,
        retention: config.retention,
        clients: clients.reads,
        clientWrites: clients.service,
        plans: plans.reads,
        memberships: membershipReads(db),
        trainers: shifts.trainers,
        whatsapp: messaging.service,
      },
      { requireStaff: accounts.requireStaff, requireMember: members.requireMember },
    ).router,
  );
  api.use(
    weatherModule({ client: deps.weather ?? createWeatherClient(config), clock, logger, limits: config.weather })
      .router,
  );
  const orders = ordersModule(
    { db, clock, audit, mailer, logger, config },
    { requireStaff: accounts.requireStaff, deskStaff: accounts.staffMay('pedidos.gestionar') },
  );
  api.use(orders.router);
  const onlinePayments = createPayments({
    db,
    clock,
    logger,
    config,
    audit,
    orders: orders.service,
    memberships: memberships.memberships,
  });
  const debits = createDebits({
    db,
    clock,
    logger,
    config,
    mailer,
    audit,
    memberships: memberships.memberships,
    whatsapp: messaging.service,
  });
  const payments = paymentsModule(
    onlinePayments,
    { refundStaff: accounts.requireStaff, requireMember: members.requireMember },
    debits,
  );
  if (payments.router) api.use(payments.router);
  const consumer = consumerRequestsModule(
    {
      db,
      clock,
      audit,
      mailer,
      logger,
      siteUrl: config.orders.siteUrl,
      clients: clients.reads,
      memberships: membershipReads(db),
      orders: orders.service,
      refunds: onlinePayments,
    },
    accounts.requireStaff,
  );
  api.use(consumer.router);
  // A baja (of the membership or of the debit) stops the automatic debit at once: nothing is charged after it.
  if (debits) consumer.onBajaRequested(async (baja) => void (await debits.stopFor(db, baja.idUsuario, 'baja')));
  if (debits) {
    // A pause, a resumption or an archive moves the preapproval at once; if Mercado Pago cannot be
    // reached the desk's change stands and the reconciliation job moves it later.
    const follow = (idUsuario: string) =>
      debits.followMembershipOf(idUsuario).catch((err: unknown) => {
        logger.warn({ err, idUsuario }, 'the automatic debit did not follow the membership; the reconciliation will');
      });
    memberships.onPauseChanged(follow);
    clients.onArchiveChanged(follow);
  }
  api.use(imagesModule({ db, audit }, accounts.requireStaff).router);
  api.use(invoicesModule({ db, clock, audit, config }, accounts.requireStaff).router);
  api.use(
    reportsModule(
      { db, clock, audit, gym: receiptGym(config), invoices: invoiceReads(db, config.invoicing) },
      accounts.requireStaff,
    ).router,
  );
  // Scheduled price changes and the IPC (issue 47): the owner's screen, the member's banner, Reportes' IPC.
  api.use(
    pricingModule(
      { db, clock, audit, mailer, logger, config },
      { requireStaff: accounts.requireStaff, requireMember: members.requireMember },
    ).router,
  );
  api.use(operationsModule({ db }, accounts.requireStaff).router);
  api.use(siteModule({ config, weather: deps.weather !== undefined || Boolean(config.weather.apiKey) }).router);
  api.use(notFoundHandler);
  app.use('/v1', api);

  serveFrontend(app, config.staticDir);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
