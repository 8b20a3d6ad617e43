import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { consumerMessages } from '@gym/contracts/consumer-requests';
import type { Clock } from '../../clock';
import { addressKey } from '../../shared/address';
import { TooManyRequests } from '../../shared/errors';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { createThrottle } from '../../shared/throttle';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { MembershipReads } from '../memberships';
import type { OrdersService } from '../orders';
import { createConsumerRequestsController } from './consumer-requests.controller';
import { createConsumerRequestsRepository } from './consumer-requests.repository';
import { consumerRequestsRoutes } from './consumer-requests.routes';
import { createConsumerRequestsService, type BajaListener, type OrderRefunds } from './consumer-requests.service';

/** Requests per address and window, for each button: enough for a typo and a retry, not for a flood. */
const PER_ADDRESS = { maxFailures: 5, windowMinutes: 10 };

/** The Botón de baja and the Botón de arrepentimiento (Disposición 954/2025). */
export function consumerRequestsModule(
  deps: {
    db: Knex;
    clock: Clock;
    audit: AuditRecorder;
    mailer: Mailer;
    logger: Logger;
    siteUrl: string;
    clients: ClientReads;
    memberships: MembershipReads;
    orders: OrdersService;
    /** The payments module's service, when Mercado Pago is configured: its refund of a paid order. */
    refunds?: OrderRefunds;
  },
  requireStaff: RequestHandler,
) {
  const listeners: BajaListener[] = [];
  const service = createConsumerRequestsService({
    ...deps,
    repo: createConsumerRequestsRepository(deps.db),
    // The code must reach the person: queued in the outbox, tried again while the server refuses it.
    mailer: queuedMailer(deps),
    listeners,
  });
  const counter = createThrottle(deps.db, deps.clock, PER_ADDRESS);
  const throttle =
    (kind: string): RequestHandler =>
    async (req, _res, next) => {
      const use = await counter.take(`${kind}:${addressKey(req.ip ?? 'unknown')}`);
      if (!use.allowed) throw new TooManyRequests(consumerMessages.tooMany, counter.retryAfterSeconds);
      next();
    };
  return {
    router: consumerRequestsRoutes(createConsumerRequestsController(service), { requireStaff, throttle }),
    /**
     * Registers what must happen at once when a member asks for a baja: the automatic debit's module
     * stops the member's preapproval here (`consumer.onBajaRequested((b) => debit.stop(b.idUsuario))`).
     * Called after the request is stored, before the answer; a listener that fails is logged.
     */
    onBajaRequested(listener: BajaListener) {
      listeners.push(listener);
    },
    /** A member's latest baja (undefined: none): nothing is charged for a day after its `efectivaDesde`. */
    latestBajaOf: service.latestBajaOf,
  };
}

export type { BajaListener, BajaRequested } from './consumer-requests.service';
