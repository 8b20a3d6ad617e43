import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createMessagesController } from './messages.controller';

export function messagesRoutes(controller: ReturnType<typeof createMessagesController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/messages',
      requireStaff,
      allow('mensajes.enviar', {
        notes: '`{messages}`, newest first (the latest 500), each with `status` and `error`',
      }),
      controller.list,
    )
    .post(
      '/messages',
      requireStaff,
      allow('mensajes.enviar', {
        input: '{user_name, user_email, user_message, idUsuario?}',
        notes:
          '201 `{message}`, stored as `enviado`; 502 `No pudimos enviar el mensaje. Probá de nuevo más tarde.`, stored as `fallido`',
      }),
      controller.send,
    );
}
