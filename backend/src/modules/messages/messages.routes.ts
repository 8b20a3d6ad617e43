import { Router, type RequestHandler } from 'express';
import type { createMessagesController } from './messages.controller';

export function messagesRoutes(controller: ReturnType<typeof createMessagesController>, requireStaff: RequestHandler) {
  return Router().get('/messages', requireStaff, controller.list).post('/messages', requireStaff, controller.send);
}
