import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * The one outbox's e-mails (issue 46): every mail the product sends by itself is a row of
 * `message_outbox` (channel 'email', template MAIL_TEMPLATE) written by `queuedMailer` and sent by
 * this process's dispatcher a moment after the answer, or by the `reintentar-correos` job when the
 * process that wrote it died first.
 */
export const MAIL_TEMPLATE = 'correo';

/** Minutes before each new try after a failure (then hourly), and when to give up. */
const RETRY_AFTER_MINUTES = [1, 5, 15, 30, 60];
const GIVE_UP_AFTER_HOURS = 24;
/** Sent and given-up rows hold addresses and texts: kept this long for an operator, then deleted. */
const KEEP_DONE_DAYS = 30;
/** A claimed row is held this long (a send times out after 10 s): a runner that dies leaves it due again after. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** At most this many mails a pass: the job's pass stays short, the dispatcher takes another. */
const PASS_LIMIT = 50;

interface Row {
  id: string;
  to_name: string;
  to_address: string;
  subject: string;
  body: string;
  attachments: StoredAttachment[] | string | null;
  created_at: Date;
  attempts: number;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export interface QueueOptions {
  /** The caller's transaction: the mail is queued with what it tells of (a crash after the commit loses nothing). */
  trx?: Knex;
  /** Queued twice with one key, sent once (`pedido:<numero>:recibido:comprador`); a random one when absent. */
  key?: string;
}

/** A mailer whose send only writes the row (cheap: strings, no SMTP) and never rejects on the server's account. */
export interface QueuedMailer extends Mailer {
  send(mail: OutgoingMail, options?: QueueOptions): Promise<void>;
}

type Deps = { db: Knex; mailer: Mailer; logger: Logger; clock: Clock };

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

/** Writes the mail's row, due now; false when its key was queued before (it is sent once). */
export async function queueMail(q: Knex, mail: OutgoingMail, key: string | undefined, now: Date): Promise<boolean> {
  const attachments = mail.attachments
    ? JSON.stringify(
        mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          base64: a.content.toString('base64'),
        })),
      )
    : null;
  const result = await q.raw(
    `INSERT INTO message_outbox (channel, template, idempotency_key, status, next_attempt_at, created_at, updated_at,
       to_name, to_address, subject, body, attachments)
     VALUES ('email', ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [
      MAIL_TEMPLATE,
      key ?? `correo:${randomUUID()}`,
      now,
      now,
      now,
      mail.to.name,
      mail.to.address,
      mail.subject,
      mail.text,
      attachments,
    ],
  );
  return result.rows.length === 1;
}

/**
 * This process's sender: woken by each queued mail, it drains the due mails after the current
 * request's answer (setImmediate), one pass at a time; errors are logged, never thrown. One per
 * database and mailer, so every module's queuedMailer shares it.
 */
interface Dispatcher {
  wake(): void;
  /** A pass now (or after the running one), awaited. */
  flush(): Promise<void>;
  /** Resolves once nothing is being sent (tests, shutdown). */
  idle(): Promise<void>;
}

const dispatchers = new WeakMap<Knex, WeakMap<Mailer, Dispatcher>>();

function dispatcherFor(deps: Deps): Dispatcher {
  let byMailer = dispatchers.get(deps.db);
  if (!byMailer) dispatchers.set(deps.db, (byMailer = new WeakMap()));
  const known = byMailer.get(deps.mailer);
  if (known) return known;
  let scheduled = false;
  let again = false;
  let running: Promise<void> | null = null;
  const drain = async () => {
    do {
      again = false;
      const pass = await sendDueMails(deps);
      // A full pass leaves more behind; a failure (server down) waits for its backoff or the job.
      if (pass.sent === PASS_LIMIT) again = true;
    } while (again);
  };
  const start = () => {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => deps.logger.warn({ err }, 'mail dispatcher pass failed: the job sends what is left'))
      .finally(() => {
        running = null;
      });
  };
  const dispatcher: Dispatcher = {
    wake() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        start();
      });
    },
    async flush() {
      start();
      while (running) await running;
    },
    async idle() {
      while (scheduled || running) await (running ?? new Promise((resolve) => setImmediate(resolve)));
    },
  };
  byMailer.set(deps.mailer, dispatcher);
  return dispatcher;
}

/** Waits until this process's dispatcher for the mailer has nothing in hand (tests). */
export const mailDispatcherIdle = (deps: Deps) => dispatcherFor(deps).idle();

/**
 * The mailer for mails nobody waits for (an order's confirmation, a class's promotion): `send`
 * queues the mail in the outbox (inside `options.trx` when given, sent once that commits) and wakes
 * the dispatcher; nodemailer composes it after the answer. A refused mail is tried again by the
 * `reintentar-correos` job, so an hour without mail delays it instead of losing it. Screens where a
 * person waits for the answer (the contact form, a member's link) keep the plain mailer and show the failure.
 */
export function queuedMailer(deps: Deps): QueuedMailer {
  const dispatcher = dispatcherFor(deps);
  return {
    async send(mail, options = {}) {
      const queued = await queueMail(options.trx ?? deps.db, mail, options.key, deps.clock.now());
      if (!queued) return;
      // In a transaction the row is seen once the outermost one commits: the dispatcher is woken
      // then (a rollback drops the row).
      let trx = options.trx as (Knex.Transaction & { parentTransaction?: Knex.Transaction }) | undefined;
      while (trx?.parentTransaction) trx = trx.parentTransaction;
      if (trx?.executionPromise)
        trx.executionPromise.then(
          () => dispatcher.wake(),
          () => undefined,
        );
      else dispatcher.wake();
    },
  };
}

/**
 * Claims the oldest due mail (FOR UPDATE SKIP LOCKED: two runners, in one process or two replicas,
 * never take one row), counting the try and holding it for CLAIM_LEASE_MS.
 */
async function claimOne(db: Knex, now: Date): Promise<Row | undefined> {
  const result = await db.raw(
    `UPDATE message_outbox SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ?
     WHERE id IN (
       SELECT id FROM message_outbox
       WHERE status = 'queued' AND channel = 'email' AND template = ? AND next_attempt_at <= ?
       ORDER BY seq
       LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, to_name, to_address, subject, body, attachments, created_at, attempts`,
    [new Date(now.getTime() + CLAIM_LEASE_MS), now, MAIL_TEMPLATE, now],
  );
  return result.rows[0] as Row | undefined;
}

/**
 * Sends the due mails oldest first, until the first that fails but for a 5xx (the server is down:
 * the other due ones wait a minute for the next pass) or PASS_LIMIT. A failed try waits 1, 5, 15, 30, then 60 minutes; a mail refused
 * for good (5xx), or queued more than a day ago, is given up (status failed) and logged.
 */
export async function sendDueMails(deps: Deps) {
  const { db, mailer, logger, clock } = deps;
  const done = { sent: 0, failed: 0, gaveUp: 0 };
  while (done.sent < PASS_LIMIT) {
    const now = clock.now();
    const row = await claimOne(db, now);
    if (!row) break;
    try {
      await mailer.send(toMail(row));
      const at = clock.now();
      await db('message_outbox')
        .where({ id: row.id, status: 'queued' })
        .update({ status: 'sent', sent_at: at, next_attempt_at: null, updated_at: at });
      done.sent += 1;
    } catch (err) {
      const at = clock.now();
      const givingUp =
        refusedForGood(err) || at.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_AFTER_HOURS * 3_600_000;
      const wait = RETRY_AFTER_MINUTES[row.attempts - 1] ?? RETRY_AFTER_MINUTES.at(-1)!;
      await db('message_outbox')
        .where({ id: row.id, status: 'queued' })
        .update({
          last_error: errorText(err),
          updated_at: at,
          ...(givingUp
            ? { status: 'failed', failed_at: at, next_attempt_at: null }
            : { next_attempt_at: minutesAfter(at, wait) }),
        });
      if (givingUp) {
        done.gaveUp += 1;
        logger.error({ err, mail: row.id, attempts: row.attempts }, 'mail given up: refused for good or after a day');
      } else {
        done.failed += 1;
        logger.warn({ err, mail: row.id, attempts: row.attempts }, 'mail not sent: tried again later');
      }
      // A mailbox that does not exist says nothing of the next mail; a server that did not answer
      // does: the other due mails wait a minute with this one's error instead of a timeout each.
      if (refusedForGood(err)) continue;
      await mails(db)
        .where({ status: 'queued' })
        .where('next_attempt_at', '<=', now)
        .update({
          next_attempt_at: minutesAfter(at, RETRY_AFTER_MINUTES[0]!),
          last_error: errorText(err),
          updated_at: at,
        });
      break;
    }
  }
  return done;
}

const mails = (db: Knex) => db('message_outbox').where({ channel: 'email', template: MAIL_TEMPLATE });

/**
 * The job's pass: done mails older than KEEP_DONE_DAYS deleted, the due ones sent (sendDueMails),
 * and how many still wait for the server, with the newest one's error.
 */
export async function retryDueMails(deps: Deps) {
  const { db } = deps;
  const now = deps.clock.now();
  const purged = await mails(db)
    .whereIn('status', ['sent', 'failed'])
    .whereRaw('coalesce(sent_at, failed_at) < ?', [minutesAfter(now, -KEEP_DONE_DAYS * 24 * 60)])
    .delete()
    .returning('id');
  const passed = await sendDueMails(deps);
  const done = { ...passed, purged: purged.length, waiting: 0, lastError: null as string | null };
  done.waiting = await waitingMails(db);
  if (done.waiting) done.lastError = (await waiting(db).orderBy('seq', 'desc').first('last_error')).last_error;
  return done;
}

/** Queued mails the server has refused at least once: waiting for it, not just for their turn. */
const waiting = (db: Knex) => mails(db).where({ status: 'queued' }).whereNotNull('last_error');

/** How many refused mails still wait to be tried again (the desk's panel says so). */
export async function waitingMails(db: Knex): Promise<number> {
  const [counted] = await waiting(db).count<{ count: number }[]>({ count: '*' });
  return Number(counted?.count ?? 0);
}
