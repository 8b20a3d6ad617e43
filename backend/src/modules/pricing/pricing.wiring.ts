import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import type { AuditRecorder } from '../audit';
import { clientReads } from '../clients';
import { messagingServiceFor, type MessagingService } from '../messaging';
import { repriceDebitsFor } from '../payments';
import { planFeeWriter, planReads } from '../plans';
import { productPriceReads, productPriceWriter } from '../products';
import { incomeReader } from '../reports';
import { IPC_FALLBACK_CSV } from './ipc-fallback';
import { fetchIpc, type IpcPoint } from './ipc.source';
import { createPricingRepository } from './pricing.repository';
import { createPricingService } from './pricing.service';

export interface PricingDeps {
  db: Knex;
  clock: Clock;
  audit: AuditRecorder;
  mailer: Mailer;
  logger: Logger;
  config: AppConfig;
  /** Tests stand in for the API and the shipped CSV. */
  fetchIpc?: (url: string) => Promise<IpcPoint[]>;
  fallbackCsv?: () => string;
  /** The WhatsApp outbox; by default the messaging service over the same database and config. */
  whatsapp?: Pick<MessagingService, 'queueWhatsappMany'>;
}

/**
 * The IPC when its API cannot be read: the published series' file the owner points IPC_CSV at;
 * outside production, the shipped stand-in; in production without IPC_CSV, nothing (never a guess).
 */
function shippedOrPublished(file: string | null): string {
  if (file === null) return '';
  return file === 'stand-in' ? IPC_FALLBACK_CSV : readFileSync(file, 'utf8');
}

/** The pricing service over the app's database: the routes and the jobs build it alike. */
export function pricingServiceFor(deps: PricingDeps) {
  const { db, clock, audit, logger, config } = deps;
  return createPricingService({
    repo: createPricingRepository(db),
    plans: planReads(db),
    planFees: planFeeWriter(clock, audit),
    clients: clientReads(db),
    productPrices: productPriceReads(db),
    productPriceWriter: productPriceWriter(clock, audit),
    whatsapp: deps.whatsapp ?? messagingServiceFor({ db, clock, logger, config, mailer: deps.mailer, audit }),
    income: incomeReader(db),
    audit,
    mailer: queuedMailer({ db, mailer: deps.mailer, logger, clock }),
    clock,
    logger,
    settings: config.pricing,
    siteUrl: config.orders.siteUrl,
    repriceDebits: (idPlan, amount) =>
      repriceDebitsFor(idPlan, amount, { db, clock, logger, config, mailer: deps.mailer }),
    fetchIpc: deps.fetchIpc ?? ((url) => fetchIpc(url)),
    fallbackCsv: deps.fallbackCsv ?? (() => shippedOrPublished(config.pricing.ipcCsv)),
  });
}
