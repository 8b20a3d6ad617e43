import type { Knex } from 'knex';
import { formatDay } from '@gym/contracts/format-dates';
import { invoiceMessages as m } from '@gym/contracts/invoices';
import { tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import type { QueuedMailer } from '../../shared/mail-retry';

const DAY_MS = 86_400_000;

/** Which warning is due: a week before ARCA's certificate ends, the day before, and once it has ended. */
export function warningStep(expiresAt: Date, now: Date): 'semana' | 'dia' | 'vencido' | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'vencido';
  if (left <= DAY_MS) return 'dia';
  if (left <= 7 * DAY_MS) return 'semana';
  return null;
}

/**
 * E-mails the owners the certificate's warning due now, once per certificate and step: the row is
 * claimed in the transaction that queues the mails in the outbox (keyed by certificate, step and
 * owner), so a warning is never repeated and one the SMTP server refuses is tried again by
 * `reintentar-correos`. The panel and Facturas say the same every day (GET /facturas/estado).
 */
export async function mailCertificateWarning(deps: {
  db: Knex;
  clock: Clock;
  /** queuedMailer(…): the warnings go through the one outbox. */
  outbox: QueuedMailer;
  expiresAt: Date;
  owners: () => Promise<{ name: string; address: string }[]>;
}): Promise<'semana' | 'dia' | 'vencido' | null> {
  const now = deps.clock.now();
  const step = warningStep(deps.expiresAt, now);
  if (!step) return null;
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const owners = await deps.owners();
  if (owners.length === 0) return null;
  return deps.db.transaction(async (trx) => {
    const claimed = await trx('arca_certificate_warnings')
      .insert({ cert_expires_at: deps.expiresAt, step, sent_at: now })
      .onConflict(['cert_expires_at', 'step'])
      .ignore()
      .returning('step');
    if (claimed.length === 0) return null;
    const day = formatDay(tucumanToday(deps.expiresAt));
    const subject = step === 'vencido' ? 'Venció el certificado de ARCA' : `El certificado de ARCA vence el ${day}`;
    const text = [
      'Hola:',
      '',
      step === 'vencido' ? m.certificateExpired : m.certificateEnding(day),
      '',
      'Los pasos para generar uno nuevo están en docs/invoicing.md (Certificado). Mientras tanto, los pagos se registran igual.',
    ].join('\n');
    const key = (address: string) => `certificado-arca:${deps.expiresAt.toISOString()}:${step}:${address}`;
    for (const to of owners) await deps.outbox.send({ to, subject, text }, { trx, key: key(to.address) });
    return step;
  });
}
