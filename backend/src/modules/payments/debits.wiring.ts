import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { createAuditRecorder, type AuditRecorder } from '../audit';
import { clientReads } from '../clients';
import { membershipsServiceFor, type MembershipsService } from '../memberships';
import { messagingServiceFor, type MessagingService } from '../messaging';
import { planReads } from '../plans';
import { createDebitsRepository } from './debits.repository';
import { createDebitsService } from './debits.service';
import { mercadoPagoDebitProvider } from './mercadopago';
import type { DebitProvider } from './provider';

/** Automatic debits over the app's memberships; undefined without Mercado Pago configured. */
export function createDebits(deps: {
  db: Knex;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  mailer: Mailer;
  memberships: MembershipsService;
  audit: AuditRecorder;
  provider?: DebitProvider;
  /** The WhatsApp outbox (messaging): a rejected charge is told by WhatsApp to a member who opted in. */
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
}) {
  const provider = deps.provider ?? (deps.config.mercadoPago && mercadoPagoDebitProvider(deps.config.mercadoPago));
  if (!provider) return undefined;
  return createDebitsService({
    repo: createDebitsRepository(deps.db),
    provider,
    memberships: deps.memberships,
    clients: clientReads(deps.db),
    plans: planReads(deps.db),
    // The rejected cycle's notice, once per debit and month: the outbox.
    mailer: queuedMailer(deps),
    audit: deps.audit,
    clock: deps.clock,
    logger: deps.logger,
    siteUrl: deps.config.orders.siteUrl,
    whatsapp: deps.whatsapp,
  });
}

/** For a job or another module, which have no app around them. */
export function debitsFromConfig(deps: {
  db: Knex;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  mailer: Mailer;
  provider?: DebitProvider;
}) {
  const audit = createAuditRecorder(deps.clock);
  return createDebits({
    ...deps,
    audit,
    memberships: membershipsServiceFor(deps),
    whatsapp: messagingServiceFor({ ...deps, audit }),
  });
}
