import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { arcaClient, type ArcaClient } from './arca';
import { createAuthoriser } from './invoices.authorise';
import { createInvoiceOutbox } from './invoices.outbox';
import { createInvoicesRepository, ticketStore } from './invoices.repository';

/**
 * Invoicing from the config: the outbox payments write into and the job's authoriser; undefined
 * while ARCA is not configured (no row is ever written then). `arca` replaces the client (tests).
 */
export function invoicingFor(deps: { db: Knex; clock: Clock; logger: Logger; config: AppConfig; arca?: ArcaClient }) {
  const settings = deps.config.invoicing;
  if (!settings) return undefined;
  const repo = createInvoicesRepository(deps.db);
  const arca = deps.arca ?? arcaClient(settings, ticketStore(deps.db));
  return {
    outbox: createInvoiceOutbox({ repo, clock: deps.clock, settings }),
    authoriser: createAuthoriser({ repo, arca, clock: deps.clock, logger: deps.logger, settings }),
  };
}
