import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Mailer, OutgoingMail } from './mailer';

/** Minutes before each new try after the first failure (then hourly), and when to give up. */
const RETRY_AFTER_MINUTES = [1, 5, 15, 30, 60];
const GIVE_UP_AFTER_HOURS = 24;
/** Sent and given-up rows hold addresses and texts: kept this long for an operator, then deleted. */
const KEEP_DONE_DAYS = 30;

interface Row {
  id: number;
  to_name: string;
  to_address: string;
  subject: string;
  body: string;
  attachments: StoredAttachment[] | string | null;
  first_failed_at: Date;
  attempts: number;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The server refused the mail for good (5xx: no such mailbox): trying again would not change it. */
const refusedForGood = (err: unknown) => Number((err as { responseCode?: unknown })?.responseCode) >= 500;

const toMail = (r: Row): OutgoingMail => {
  const stored: StoredAttachment[] | null =
    typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments;
  return {
    to: { name: r.to_name, address: r.to_address },
    subject: r.subject,
    text: r.body,
    ...(stored && {
      attachments: stored.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.base64, 'base64'),
      })),
    }),
  };
};

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/**
 * The mailer for mails nobody waits for (an order's confirmation, a class's promotion): a mail the
 * SMTP server refuses is kept in `mail_retries` for the `reintentar-correos` job, so an hour
 * without mail delays it instead of losing it. Its send never rejects. Screens where a person waits
 * for the answer (the contact form, a member's link) keep the plain mailer and show the failure.
 */
export function retryingMailer(deps: { db: Knex; mailer: Mailer; logger: Logger; clock: Clock }): Mailer {
  return {
    async send(mail) {
      try {
        await deps.mailer.send(mail);
      } catch (err) {
        if (refusedForGood(err)) {
          deps.logger.warn({ err }, 'mail refused by the server for good: not kept to try again');
          return;
        }
        const now = deps.clock.now();
        try {
          const [row] = await deps
            .db('mail_retries')
            .insert({
              to_name: mail.to.name,
              to_address: mail.to.address,
              subject: mail.subject,
              body: mail.text,
              attachments: mail.attachments
                ? JSON.stringify(
                    mail.attachments.map((a) => ({
                      filename: a.filename,
                      contentType: a.contentType,
                      base64: a.content.toString('base64'),
                    })),
                  )
                : null,
              first_failed_at: now,
              next_attempt_at: minutesAfter(now, RETRY_AFTER_MINUTES[0]!),
              last_error: errorText(err),
            })
            .returning('id');
          deps.logger.warn({ err, retry: String(row.id) }, 'mail not sent: kept to try again');
        } catch (keepErr) {
          deps.logger.error({ err, keepErr }, 'mail lost: not sent and could not be kept to try again');
        }
      }
    },
  };
}

/**
 * One pass of the retry: the due mails oldest first, until the first that fails again (the server
 * is still down; the rest wait for the next pass). A mail refused for good, or first refused more
 * than a day ago, is given up and logged. Done rows older than KEEP_DONE_DAYS are deleted. Says how
 * many still wait, and the newest one's error.
 */
export async function retryDueMails(deps: { db: Knex; mailer: Mailer; logger: Logger; clock: Clock }) {
  const { db, mailer, logger } = deps;
  const now = deps.clock.now();
  const done = { sent: 0, failed: 0, gaveUp: 0, purged: 0, waiting: 0, lastError: null as string | null };
  const purged = await db('mail_retries')
    .whereRaw('coalesce(sent_at, given_up_at) < ?', [minutesAfter(now, -KEEP_DONE_DAYS * 24 * 60)])
    .delete()
    .returning('id');
  done.purged = purged.length;
  const due: Row[] = await db('mail_retries')
    .whereNull('sent_at')
    .whereNull('given_up_at')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(50);
  for (const row of due) {
    const attempts = row.attempts + 1;
    try {
      await mailer.send(toMail(row));
      await db('mail_retries').where({ id: row.id }).update({ attempts, sent_at: deps.clock.now() });
      done.sent += 1;
    } catch (err) {
      const givingUp =
        refusedForGood(err) ||
        now.getTime() - new Date(row.first_failed_at).getTime() >= GIVE_UP_AFTER_HOURS * 3_600_000;
      const wait = RETRY_AFTER_MINUTES[attempts - 1] ?? RETRY_AFTER_MINUTES.at(-1)!;
      await db('mail_retries')
        .where({ id: row.id })
        .update({
          attempts,
          last_error: errorText(err),
          ...(givingUp ? { given_up_at: now } : { next_attempt_at: minutesAfter(now, wait) }),
        });
      if (givingUp) {
        done.gaveUp += 1;
        logger.error({ err, retry: String(row.id), attempts }, 'mail given up: refused for good or after a day');
      } else done.failed += 1;
      break;
    }
  }
  done.waiting = await waitingMails(db);
  if (done.waiting) done.lastError = (await waiting(db).orderBy('id', 'desc').first('last_error')).last_error;
  return done;
}

const waiting = (db: Knex) => db('mail_retries').whereNull('sent_at').whereNull('given_up_at');

/** How many refused mails still wait to be tried again (the desk's panel says so). */
export async function waitingMails(db: Knex): Promise<number> {
  const [counted] = await waiting(db).count<{ count: number }[]>({ count: '*' });
  return counted?.count ?? 0;
}
