import { clientMessages } from '@gym/contracts/clients';
import { contactMessages as m, type ContactMessage, type ContactMessageInput } from '@gym/contracts/contact';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { NotFound, UpstreamFailed } from '../../shared/errors';
import type { ClientReads } from '../clients';
import type { QueuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import type { AuditedWrite } from '../audit';
import type { MessagesRepository } from './messages.repository';

export class MessageNotSent extends UpstreamFailed {
  constructor() {
    super(m.sendFailed);
  }
}

/** What is kept of a failure: the SMTP code and reply, never the connection URL. */
function describeFailure(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const parts = [e.code, e.responseCode, e.response ?? e.message].filter(
    (part) => typeof part === 'string' || typeof part === 'number',
  );
  return (parts.join(' ') || 'error desconocido').slice(0, 500);
}

export function createMessagesService(deps: {
  messages: MessagesRepository;
  clients: ClientReads;
  mailer: Mailer;
  /** The one outbox, for mails nobody waits for (the daily reminders): see `queue`. */
  outbox: QueuedMailer;
  clock: Clock;
  logger: Logger;
  write: AuditedWrite<MessagesRepository>;
}) {
  const { messages, clients, mailer, clock, logger } = deps;

  /**
   * Sends one mail and stores it in the history with its outcome, never throwing for a failed send:
   * staff messages and membership reminders alike. `audited`: a staff message is the request's one
   * change, so its audit row is written with it (a reminder's module writes its own).
   */
  async function deliver(
    input: ContactMessageInput,
    mail: { subject: string; text: string },
    options: { audited?: boolean } = {},
  ): Promise<ContactMessage> {
    try {
      await mailer.send({ to: { name: input.user_name, address: input.user_email }, ...mail });
    } catch (err) {
      const error = describeFailure(err);
      logger.warn({ error }, 'message not sent');
      return messages.insert(input, { status: 'fallido', error }, clock.now());
    }
    if (!options.audited) return messages.insert(input, { status: 'enviado', error: null }, clock.now());
    return deps.write(async (repo, record) => {
      const sent = await repo.insert(input, { status: 'enviado', error: null }, clock.now());
      await record({ entity: 'mensaje', entityId: String(sent.id), action: 'enviar', after: sent });
      return sent;
    });
  }

  return {
    list: () => messages.list(),

    /** Every message is stored with its outcome; a failed send is 502 and kept as 'fallido'. */
    async send(input: ContactMessageInput): Promise<ContactMessage> {
      if (input.idUsuario && !(await clients.byId(input.idUsuario))) throw new NotFound(clientMessages.notFound);
      const text = `Hola ${input.user_name}:\n\n${input.user_message}\n\nGimnasio Tucumán\n`;
      const message = await deliver(input, { subject: m.subject, text }, { audited: true });
      if (message.status === 'fallido') throw new MessageNotSent();
      return message;
    },

    deliver,

    /**
     * Queues one mail in the outbox with `key` and stores it in the history as 'en cola', both in
     * the caller's transaction `trx` (a rollback drops both; the same key twice is sent once). The
     * history then shows the outbox row's outcome: 'enviado', or 'fallido' with its error.
     */
    async queue(
      trx: Knex,
      input: ContactMessageInput,
      mail: { subject: string; text: string },
      key: string,
    ): Promise<ContactMessage> {
      await deps.outbox.send({ to: { name: input.user_name, address: input.user_email }, ...mail }, { trx, key });
      return messages.insert(input, { status: 'en cola', error: null, outboxKey: key }, clock.now(), trx);
    },

    /** Copies the done outbox rows' outcome into queued messages (see the repository's settleQueued). */
    settleQueued: () => messages.settleQueued(),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
