import type { RequestHandler } from 'express';
import { contactMessageSchema } from '@gym/contracts/contact';
import { validate } from '../../http/validate';
import type { MessagesService } from './messages.service';

export function createMessagesController(service: MessagesService) {
  const list: RequestHandler = async (_req, res) => {
    res.json({ messages: await service.list() });
  };

  const send: RequestHandler = async (req, res) => {
    res.status(201).json({ message: await service.send(validate(contactMessageSchema, req.body)) });
  };

  return { list, send };
}
