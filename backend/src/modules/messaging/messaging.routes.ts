import express, { Router, type RequestHandler } from 'express';
import { requestContext } from '../../http/request-context';
import { allow, member, open } from '../../http/route-access';
import type { createMessagingController } from './messaging.controller';

type Controller = ReturnType<typeof createMessagingController>;

/**
 * Meta's webhook, mounted BEFORE the API's JSON parser: its signature is over the raw bytes, so the
 * body is read as a Buffer here (any content type) and parsed only once the signature holds.
 */
export function whatsappWebhookRoutes(controller: Controller) {
  return Router()
    .get(
      '/whatsapp/webhook',
      open({
        input: '?hub.mode=subscribe&hub.verify_token=&hub.challenge=',
        who: "Meta (WhatsApp's webhook setup)",
        notes:
          'the verification handshake: 200 text/plain with `hub.challenge` when `hub.verify_token` is `WHATSAPP_VERIFY_TOKEN`; 403 otherwise; 404 while WhatsApp is not set up',
      }),
      controller.verify,
    )
    .post(
      '/whatsapp/webhook',
      express.raw({ type: '*/*', limit: '1mb' }),
      requestContext,
      // An opt-out by reply is audited with no staff actor (source `reply`); statuses are the outbox's own.
      open({
        signed: true,
        unaudited: true,
        input: 'the Cloud API notification (statuses, messages)',
        who: 'Meta (its `X-Hub-Signature-256`)',
        notes:
          '200 `{ok, statuses, optOuts}`; 401 when `X-Hub-Signature-256` is missing or is not the HMAC-SHA256 of the raw body with `WHATSAPP_APP_SECRET` (nothing changes). Statuses `sent` → `delivered` → `read` only move a message forward, `failed` only from queued or sent (then the message goes by e-mail); each (wamid, status) is applied once; an unknown wamid is ignored (200). An inbound text `BAJA` or `STOP` (case and accents aside) opts the member with that mobile out',
      }),
      controller.webhook,
    );
}

const consentNotes =
  '`{acepta (null: never asked), origen (portal|desk|reply), registradoPor, at, configurado}`; PUT `{acepta: boolean}` records a new consent (audited), 400 in Spanish without a boolean';

/** The member's consent (portal), the desk's consent and message lists. */
export function messagingRoutes(
  controller: Controller,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  const { requireStaff: staff, requireMember: memberSession } = guards;
  return Router()
    .get('/socio/whatsapp', memberSession, member({ notes: consentNotes }), controller.memberConsent)
    .put(
      '/socio/whatsapp',
      memberSession,
      member({ input: '{acepta}', notes: consentNotes }),
      controller.setMemberConsent,
    )
    .get(
      '/clientes/:idUsuario/whatsapp',
      staff,
      allow('clientes.ver', { notes: `the client's WhatsApp consent: ${consentNotes}` }),
      controller.clientConsent,
    )
    .put(
      '/clientes/:idUsuario/whatsapp',
      staff,
      allow('clientes.editar', {
        input: '{acepta}',
        notes:
          'a consent given (or withdrawn) in person at the desk, kept with the staff account and the time: `{acepta, origen: desk, registradoPor, at, configurado}`; 404 for an unknown client',
      }),
      controller.setClientConsent,
    )
    .get(
      '/clientes/:idUsuario/mensajes',
      staff,
      allow('clientes.ver', {
        notes:
          "`{mensajes: [{id, canal, plantilla, estado (queued|sent|delivered|read|failed), respaldo (email: it went by e-mail instead), error, intentos, createdAt, sentAt, deliveredAt, readAt, failedAt}]}`: the client's WhatsApp messages, newest first (at most 100)",
      }),
      controller.clientMessages,
    )
    .get(
      '/whatsapp/mensajes',
      staff,
      allow('mensajes.enviar', {
        input: '?limite=50&fallidos=true',
        notes:
          "`{configurado, mensajes}`: the newest WhatsApp messages with the client's `nombre`, or only the failed ones (`fallidos=true`): an unknown template is named in `error`",
      }),
      controller.recent,
    );
}
