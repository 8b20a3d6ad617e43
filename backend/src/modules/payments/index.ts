import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Centavos } from '@gym/contracts/money';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Mailer } from '../../shared/mailer';
import { createDebitsController } from './debits.controller';
import { debitsRoutes } from './debits.routes';
import type { DebitsService } from './debits.service';
import { debitsFromConfig } from './debits.wiring';
import { createPaymentsController } from './payments.controller';
import { paymentsRoutes } from './payments.routes';
import type { PaymentsService } from './payments.service';
import type { DebitProvider } from './provider';

export { createPayments } from './wiring';
export { createDebits } from './debits.wiring';
export { reconcileJob } from './reconcile.job';
export type { DebitsService } from './debits.service';

/** Mercado Pago's routes; without it configured (no service) none exists and the method is not offered. */
export function paymentsModule(
  service: PaymentsService | undefined,
  guards: { refundStaff: RequestHandler; requireMember: RequestHandler },
  debits?: DebitsService,
) {
  if (!service) return { router: undefined };
  const router = paymentsRoutes(createPaymentsController(service, debits), guards);
  if (!debits) return { router };
  const staff = guards.refundStaff;
  return { router: Router().use(router, debitsRoutes(createDebitsController(debits), { ...guards, staff })) };
}

/**
 * Stops a member's automatic debit at once (the botón de baja, an archive): the preapproval is
 * cancelled at Mercado Pago, then recorded in `q` (the caller's transaction when it holds one).
 * False when the member had no open debit, or Mercado Pago is not configured; a provider that
 * cannot be reached throws (the caller decides whether its own change waits for it).
 */
export async function stopDebitFor(
  q: Knex,
  idUsuario: string,
  reason: string,
  deps: { clock: Clock; logger: Logger; config: AppConfig; mailer: Mailer; provider?: DebitProvider },
): Promise<boolean> {
  const debits = debitsFromConfig({ ...deps, db: q });
  return debits ? debits.stopFor(q, idUsuario, reason) : false;
}

/**
 * A plan's monthly fee changed on the date of a scheduled price change (issue 47): its open
 * automatic debits take the new amount at Mercado Pago and here. Nothing to do without Mercado Pago.
 */
export async function repriceDebitsFor(
  idPlan: number,
  amount: Centavos,
  deps: { db: Knex; clock: Clock; logger: Logger; config: AppConfig; mailer: Mailer; provider?: DebitProvider },
): Promise<{ cambiados: number; errores: number }> {
  const debits = debitsFromConfig(deps);
  return debits ? debits.reprice(idPlan, amount) : { cambiados: 0, errores: 0 };
}
