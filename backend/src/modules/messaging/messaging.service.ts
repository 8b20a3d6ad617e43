import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { clientMessages } from '@gym/contracts/clients';
import {
  fillTemplate,
  WHATSAPP_TEMPLATES,
  whatsappMessages as wm,
  type WhatsappConsentView,
  type WhatsappMessageView,
  type WhatsappTemplate,
} from '@gym/contracts/whatsapp';
import type { Clock } from '../../clock';
import { Forbidden, NotFound, Unauthorized, ValidationFailed } from '../../shared/errors';
import type { QueuedMailer } from '../../shared/mail-retry';
import { whatsappNumber } from '../../shared/whatsapp';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { WhatsappConfig } from './messaging.settings';
import { paramsOf, toMessageView, type MessagingRepository, type OutboxRow } from './messaging.repository';
import type { SendOutcome, WhatsappClient } from './whatsapp.client';

/** Why a message was not queued: the caller keeps its e-mail and wa.me path then. */
export type QueueOutcome =
  | { queued: true; id: string; duplicate: boolean }
  | { queued: false; reason: 'no-configurado' | 'sin-consentimiento' | 'sin-numero' | 'sin-cliente' };

/** Tries before giving up, and the wait before each next one (doubling from 30 s, at most an hour). */
const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
/** A claimed row is held this long: a runner that dies mid-send leaves it due again after. */
const LEASE_MS = 10 * 60_000;

/** "BAJA" or "STOP", case, accents and spaces aside. */
export const isOptOut = (text: string) =>
  ['BAJA', 'STOP'].includes(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toUpperCase(),
  );

/** X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body, compared in constant time. */
export function signatureHolds(raw: Buffer, header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown }[];
}
interface WebhookMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
type WebhookStatusName = (typeof STATUSES)[number];

export function createMessagingService(deps: {
  repo: MessagingRepository;
  db: Knex;
  clock: Clock;
  audit: AuditRecorder;
  clients: ClientReads;
  logger: Logger;
  /** undefined: WhatsApp not set up; nothing is queued and the webhook answers 404. */
  settings: WhatsappConfig | undefined;
  whatsapp?: WhatsappClient;
  /** For the fallback e-mails: the outbox's (queued once per message, sent and retried by its dispatcher and job). */
  mailer: QueuedMailer;
}) {
  const { repo, db, clock, settings, logger } = deps;

  async function consentOf(idUsuario: string): Promise<WhatsappConsentView> {
    const row = await repo.latestConsent(db, idUsuario);
    return {
      acepta: row ? row.opted_in : null,
      origen: row?.source ?? null,
      registradoPor: row?.recorded_by ?? null,
      at: row ? new Date(row.at).toISOString() : null,
      configurado: settings !== undefined,
    };
  }

  async function recordConsent(
    idUsuario: string,
    acepta: unknown,
    by: { source: 'portal'; member: string } | { source: 'desk'; staffId: string | null } | { source: 'reply' },
  ) {
    if (typeof acepta !== 'boolean') throw new ValidationFailed(wm.aceptaRequired, { acepta: wm.aceptaRequired });
    const now = clock.now();
    const recordedBy = by.source === 'desk' ? by.staffId : null;
    await db.transaction(async (trx) => {
      const before = await repo.latestConsent(trx, idUsuario);
      await repo.insertConsent(trx, {
        id_usuario: idUsuario,
        opted_in: acepta,
        source: by.source,
        recorded_by: recordedBy,
        at: now,
      });
      await deps.audit.record(trx, {
        entity: 'whatsapp',
        entityId: idUsuario,
        action: 'consentimiento',
        before: before ? { acepta: before.opted_in, origen: before.source } : null,
        after: { acepta, origen: by.source, idUsuario },
        ...(by.source === 'portal' && { member: by.member }),
      });
    });
  }

  /** The fallback e-mail of a message WhatsApp could not carry, queued in the outbox once per message. */
  async function fallbackEmail(row: OutboxRow): Promise<void> {
    const client = await deps.clients.byId(row.id_usuario, { archived: true });
    if (!client?.correo) return;
    const template = row.template as WhatsappTemplate;
    if (!(template in WHATSAPP_TEMPLATES)) return;
    await deps.mailer.send(
      {
        to: { name: client.nombre, address: client.correo },
        subject: wm.fallbackSubject,
        text: `${fillTemplate(template, paramsOf(row))}\n\nGimnasio Tucumán\n`,
      },
      { key: `whatsapp:${row.id}:respaldo` },
    );
  }

  /** What a failed send means: try again later, or failed for good (and why, in Spanish). */
  function judge(row: OutboxRow, outcome: Extract<SendOutcome, { ok: false }>) {
    const { code, httpStatus } = outcome;
    if (code === 132001) return { retry: false, error: `${wm.unknownTemplate(row.template)} (${outcome.detail})` };
    if (code === 132000) return { retry: false, error: `${wm.wrongParams(row.template)} (${outcome.detail})` };
    if (code === 131026) return { retry: false, error: wm.undeliverable };
    if (code === 131047) return { retry: false, error: wm.outsideWindow };
    if (code === 130429) return { retry: true, error: wm.rateLimited };
    if (code === 190 || httpStatus === 401) return { retry: true, error: wm.badToken };
    if (httpStatus === null || httpStatus >= 500 || httpStatus === 429)
      return { retry: true, error: `${wm.unreachable} (${outcome.detail})` };
    return { retry: false, error: outcome.detail };
  }

  /** Failed for good: the member still hears of it, by e-mail (the desk sees the row and why). */
  async function failForGood(row: OutboxRow, error: string, code: number | null) {
    const now = clock.now();
    const failed = await repo.markFailed(db, { id: row.id }, error, now, 'email', now);
    if (failed) await fallbackEmail(failed);
    logger.warn({ messageId: row.id, template: row.template, code }, 'whatsapp message failed for good');
  }

  async function sendOne(client: WhatsappClient, row: OutboxRow): Promise<'sent' | 'retry' | 'failed'> {
    // Opted out since it was queued: it never goes by WhatsApp.
    if (!(await repo.latestConsent(db, row.id_usuario))?.opted_in) {
      await failForGood(row, wm.optedOut, null);
      return 'failed';
    }
    const outcome = row.to_number
      ? await client.sendTemplate(row.to_number, row.template, paramsOf(row))
      : ({ ok: false, code: 131026, httpStatus: 400, detail: 'sin número' } as const);
    if (outcome.ok) {
      await repo.markSent(row.id, outcome.wamid, clock.now());
      // A status the webhook brought before this answer was stored is applied now.
      for (const e of await repo.eventsOf(db, outcome.wamid))
        await applyStatus(outcome.wamid, e.status as WebhookStatusName, new Date(e.occurred_at), e.error_code);
      return 'sent';
    }
    const verdict = judge(row, outcome);
    if (verdict.retry && row.attempts < MAX_ATTEMPTS) {
      const now = clock.now();
      await repo.retryLater(row.id, new Date(now.getTime() + backoffMs(row.attempts)), verdict.error, now);
      return 'retry';
    }
    await failForGood(row, verdict.retry ? `${wm.gaveUp} ${verdict.error}` : verdict.error, outcome.code ?? 0);
    return 'failed';
  }

  async function applyStatus(wamid: string, status: WebhookStatusName, at: Date, errorCode: number | null) {
    const now = clock.now();
    if (status !== 'failed') return repo.advance(db, wamid, status, at, now);
    const error =
      errorCode === 131047
        ? wm.outsideWindow
        : errorCode === 132001
          ? wm.unknownTemplate((await repo.byWamid(db, wamid))?.template ?? '?')
          : wm.undeliverable;
    const failed = await repo.markFailed(db, { wamid }, error, at, 'email', now);
    if (failed) await fallbackEmail(failed);
  }

  async function optOutByReply(from: string) {
    const number = whatsappNumber(from);
    if (!number) return;
    const candidates = await repo.clientsByNumberTail(number.slice(-8));
    for (const c of candidates.filter((c) => whatsappNumber(c.celular) === number)) {
      const current = await repo.latestConsent(db, c.idUsuario);
      if (current && !current.opted_in) continue;
      await recordConsent(c.idUsuario, false, { source: 'reply' });
      logger.info({ idUsuario: c.idUsuario }, 'whatsapp opt-out by reply');
    }
  }

  return {
    configured: () => settings !== undefined,

    /**
     * Queues a template for a client, once per key (INSERT … ON CONFLICT DO NOTHING): skipped when
     * WhatsApp is not set up, the client has not opted in (or opted out) or has no mobile number; the
     * caller keeps its e-mail and wa.me path then. Call it outside a transaction (it reads the client).
     */
    async queueWhatsapp(input: {
      clientId: string;
      template: WhatsappTemplate;
      params: readonly string[];
      key: string;
    }): Promise<QueueOutcome> {
      if (!settings) return { queued: false, reason: 'no-configurado' };
      const consent = await repo.latestConsent(db, input.clientId);
      if (!consent?.opted_in) return { queued: false, reason: 'sin-consentimiento' };
      const client = await deps.clients.byId(input.clientId);
      if (!client) return { queued: false, reason: 'sin-cliente' };
      const toNumber = whatsappNumber(client.celular);
      if (!toNumber) return { queued: false, reason: 'sin-numero' };
      const id = await repo.queue(
        db,
        { idUsuario: input.clientId, template: input.template, params: input.params, key: input.key, toNumber },
        clock.now(),
      );
      return id ? { queued: true, id, duplicate: false } : { queued: true, id: '', duplicate: true };
    },

    /**
     * queueWhatsapp for many clients at once (a price change's notices to thousands of members): the
     * consents in one query, the rows 500 an INSERT; each client's outcome, by id. The caller gives
     * each client's mobile (`celular`), read with the rest of what it tells them.
     */
    async queueWhatsappMany(
      inputs: readonly {
        clientId: string;
        celular: number | string;
        template: WhatsappTemplate;
        params: readonly string[];
        key: string;
      }[],
    ): Promise<Map<string, QueueOutcome>> {
      const outcomes = new Map<string, QueueOutcome>();
      if (!settings) {
        for (const i of inputs) outcomes.set(i.clientId, { queued: false, reason: 'no-configurado' });
        return outcomes;
      }
      const consents = await repo.latestConsents(inputs.map((i) => i.clientId));
      const rows = [];
      for (const i of inputs) {
        const toNumber = whatsappNumber(i.celular);
        if (!consents.get(i.clientId)) outcomes.set(i.clientId, { queued: false, reason: 'sin-consentimiento' });
        else if (!toNumber) outcomes.set(i.clientId, { queued: false, reason: 'sin-numero' });
        else rows.push({ idUsuario: i.clientId, template: i.template, params: i.params, key: i.key, toNumber });
      }
      const fresh = await repo.queueMany(rows, clock.now());
      for (const r of rows) outcomes.set(r.idUsuario, { queued: true, id: '', duplicate: !fresh.has(r.key) });
      return outcomes;
    },

    /**
     * The job: due rows claimed (SKIP LOCKED) and sent at `ratePerSecond` at most, for up to
     * `budgetMs`; failures retried with backoff or, for good, fallen back to e-mail.
     */
    async sendDue(budgetMs = 4 * 60_000): Promise<{ sent: number; retried: number; failed: number }> {
      const counts = { sent: 0, retried: 0, failed: 0 };
      if (!settings || !deps.whatsapp) return counts;
      const gapMs = 1000 / settings.ratePerSecond;
      const until = Date.now() + budgetMs;
      let nextSlot = Date.now();
      while (Date.now() < until) {
        const now = clock.now();
        const batch = await repo.claimDue(
          now,
          Math.max(1, Math.min(200, settings.ratePerSecond * 5)),
          new Date(now.getTime() + LEASE_MS),
        );
        if (batch.length === 0) break;
        for (const row of batch) {
          const wait = nextSlot - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          nextSlot = Math.max(nextSlot, Date.now()) + gapMs;
          const result = await sendOne(deps.whatsapp, row);
          counts[result === 'retry' ? 'retried' : result]++;
        }
      }
      return counts;
    },

    /** GET verify handshake: the challenge when the token matches, else 403. */
    verify(query: Record<string, unknown>): string {
      if (!settings) throw new NotFound(wm.notConfigured);
      const challenge = query['hub.challenge'];
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== settings.verifyToken)
        throw new Forbidden(wm.verifyFailed);
      return typeof challenge === 'string' ? challenge : '';
    },

    /** A webhook POST: refused (401) unless signed over its raw bytes; statuses and "BAJA" applied. */
    async webhook(raw: Buffer, signature: string | undefined): Promise<{ statuses: number; optOuts: number }> {
      if (!settings) throw new NotFound(wm.notConfigured);
      if (!signature) throw new Unauthorized(wm.unsigned);
      if (!signatureHolds(raw, signature, settings.appSecret)) throw new Unauthorized(wm.forged);
      let body: { entry?: { changes?: { value?: { statuses?: WebhookStatus[]; messages?: WebhookMessage[] } }[] }[] };
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ValidationFailed();
      }
      const counts = { statuses: 0, optOuts: 0 };
      for (const entry of Array.isArray(body?.entry) ? body.entry : []) {
        for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
          const value = change?.value;
          for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
            const status = STATUSES.find((x) => x === s.status);
            if (typeof s.id !== 'string' || !status) continue;
            const at = new Date(Number(s.timestamp) * 1000);
            const when = Number.isFinite(at.getTime()) ? at : clock.now();
            const errorCode = Number(s.errors?.[0]?.code) || null;
            const known = await repo.byWamid(db, s.id);
            // Stored even for an id not (yet) known: the send's answer may still be on its way.
            const first = await repo.recordEvent(db, { wamid: s.id, status, at: when, errorCode }, clock.now());
            if (!known) {
              logger.info({ wamid: s.id, status }, 'whatsapp status for an unknown message: ignored');
              continue;
            }
            if (!first) continue;
            await applyStatus(s.id, status, when, errorCode);
            counts.statuses++;
          }
          for (const m of Array.isArray(value?.messages) ? value.messages : []) {
            const text = m.text?.body ?? m.button?.text;
            if (typeof m.from !== 'string' || typeof text !== 'string' || !isOptOut(text)) continue;
            await optOutByReply(m.from);
            counts.optOuts++;
          }
        }
      }
      return counts;
    },

    /** The member's own consent (portal). */
    memberConsent: (idUsuario: string) => consentOf(idUsuario),
    async setMemberConsent(idUsuario: string, acepta: unknown) {
      await recordConsent(idUsuario, acepta, { source: 'portal', member: idUsuario });
      return consentOf(idUsuario);
    },

    /** The desk records a consent given in person: who and when are kept. */
    async clientConsent(idUsuario: string) {
      if (!(await deps.clients.byId(idUsuario))) throw new NotFound(clientMessages.notFound);
      return consentOf(idUsuario);
    },
    async setClientConsent(idUsuario: string, acepta: unknown, staffId: string | null) {
      if (!(await deps.clients.byId(idUsuario))) throw new NotFound(clientMessages.notFound);
      await recordConsent(idUsuario, acepta, { source: 'desk', staffId });
      return consentOf(idUsuario);
    },

    async clientMessages(idUsuario: string): Promise<{ mensajes: WhatsappMessageView[] }> {
      if (!(await deps.clients.byId(idUsuario, { archived: true }))) throw new NotFound(clientMessages.notFound);
      return { mensajes: (await repo.ofClient(idUsuario, 100)).map(toMessageView) };
    },

    async recent(query: { limite?: unknown; fallidos?: unknown }) {
      const limit = query.limite === undefined ? 50 : Number(query.limite);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new ValidationFailed(wm.badLimit);
      const failedOnly = query.fallidos === 'true' || query.fallidos === '1';
      return {
        configurado: settings !== undefined,
        mensajes: (await repo.recent(limit, failedOnly)).map(toMessageView),
      };
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
