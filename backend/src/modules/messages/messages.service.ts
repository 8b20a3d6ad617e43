import { clientMessages, contactMessageSchema, contactMessages as m, type ContactMessage } from '@gym/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { AppError, NotFound } from '../../http/errors';
import { validate } from '../../http/validate';
import type { ClientsRepository } from '../clients/clients.repository';
import type { Mailer } from './mailer';
import type { MessagesRepository } from './messages.repository';

export class MessageNotSent extends AppError {
  constructor() {
    super(502, m.sendFailed);
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
  clients: ClientsRepository;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}) {
  const { messages, clients, mailer, clock, logger } = deps;

  return {
    list: () => messages.list(),

    /** Every message is stored with its outcome; a failed send is 502 and kept as 'fallido'. */
    async send(body: unknown): Promise<ContactMessage> {
      const input = validate(contactMessageSchema, body);
      if (input.idUsuario && !(await clients.findById(input.idUsuario))) throw new NotFound(clientMessages.notFound);
      const text = `Hola ${input.user_name}:\n\n${input.user_message}\n\nGimnasio Tucumán\n`;
      try {
        await mailer.send({ to: { name: input.user_name, address: input.user_email }, subject: m.subject, text });
      } catch (err) {
        const error = describeFailure(err);
        logger.warn({ error }, 'message not sent');
        await messages.insert(input, { status: 'fallido', error }, clock.now());
        throw new MessageNotSent();
      }
      return messages.insert(input, { status: 'enviado', error: null }, clock.now());
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
