import type { RequestHandler } from 'express';
import { currentContext } from '../../http/request-context';
import type { MessagingService } from './messaging.service';

const member = (locals: Record<string, unknown>) => String(locals.member);
const acepta = (body: unknown) => (body as { acepta?: unknown } | undefined)?.acepta;

export function createMessagingController(service: MessagingService) {
  const handlers = {
    verify: (req, res) => {
      const challenge = service.verify(req.query as Record<string, unknown>);
      res.type('text/plain').send(challenge);
    },
    webhook: async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.json({ ok: true, ...(await service.webhook(raw, req.get('x-hub-signature-256'))) });
    },
    memberConsent: async (_req, res) => {
      res.json(await service.memberConsent(member(res.locals)));
    },
    setMemberConsent: async (req, res) => {
      res.json(await service.setMemberConsent(member(res.locals), acepta(req.body)));
    },
    clientConsent: async (req, res) => {
      res.json(await service.clientConsent(String(req.params.idUsuario)));
    },
    setClientConsent: async (req, res) => {
      const staffId = currentContext().actor?.id ?? null;
      res.json(await service.setClientConsent(String(req.params.idUsuario), acepta(req.body), staffId));
    },
    clientMessages: async (req, res) => {
      res.json(await service.clientMessages(String(req.params.idUsuario)));
    },
    recent: async (req, res) => {
      res.json(await service.recent(req.query as { limite?: unknown; fallidos?: unknown }));
    },
  } satisfies Record<string, RequestHandler>;
  return handlers;
}
