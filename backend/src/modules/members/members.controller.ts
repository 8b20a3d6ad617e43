import type { CookieOptions, RequestHandler, Response } from 'express';
import { MEMBER_SESSION_DAYS, memberMessages } from '@gym/contracts';
import { sessionToken } from '../../http/auth';
import { Unauthorized } from '../../shared/errors';
import type { DoorPass } from './door-pass';
import type { MembersService } from './members.service';
import type { TransfersService } from './transfers.service';

export interface MemberCookie {
  name: string;
  options: CookieOptions;
}

/** The portal's routes reach only the member of the session (res.locals.member): no id is ever taken from the request. */
export function requireMemberSession(service: MembersService, cookieName: string): RequestHandler {
  return async (req, res, next) => {
    const token = sessionToken(req, cookieName);
    const idUsuario = token === undefined ? undefined : await service.authenticate(token);
    if (!idUsuario) throw new Unauthorized(memberMessages.sessionRequired);
    res.locals.member = idUsuario;
    next();
  };
}

/**
 * A member's uploaded file, to the member or the desk: always downloaded, never rendered as a page
 * of this origin (a PDF's scripts or an HTML disguised as one run in an empty sandbox if opened), and
 * never sniffed into another type. An <img> still shows a photo: these apply to navigation only.
 */
function sendUploaded(res: Response, file: { id: string; contentType: string; bytes: Buffer }) {
  const extension = file.contentType === 'application/pdf' ? 'pdf' : file.contentType.replace('image/', '');
  res
    .type(file.contentType)
    .set({
      'Content-Disposition': `attachment; filename="comprobante-${file.id.slice(0, 8)}.${extension}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
    })
    .send(file.bytes);
}

export function createMembersController(
  service: MembersService,
  transfers: TransfersService,
  doorPass: DoorPass,
  cookie: MemberCookie,
) {
  const member = (locals: Record<string, unknown>) => locals.member as string;
  return {
    sendAccess: async (req, res) => {
      res.json(await service.sendAccess(String(req.params.idUsuario), req.body));
    },
    endSessions: async (req, res) => {
      res.json(await service.endSessions(String(req.params.idUsuario)));
    },
    requestLink: async (req, res) => {
      res.json(await service.requestLink(req.body, req.ip ?? ''));
    },
    openLink: async (req, res) => {
      const session = await service.openLink(req.body);
      res.cookie(cookie.name, session, { ...cookie.options, maxAge: MEMBER_SESSION_DAYS * 86_400_000 });
      res.json({ ok: true });
    },
    portal: async (_req, res) => {
      res.json(await service.portal(member(res.locals)));
    },
    /** The QR's token for the door: signed, good for 5 to 10 minutes; the portal asks again at `renovar`. */
    doorPass: (_req, res) => {
      res.json(doorPass.issue(member(res.locals)));
    },
    receipt: async (req, res) => {
      const { filename, pdf } = await service.receipt(req.params.id, member(res.locals));
      res.type('application/pdf').attachment(filename).send(pdf);
    },
    upload: async (req, res) => {
      res.status(201).json(await transfers.upload(member(res.locals), req.body, req.query));
    },
    myUploads: async (_req, res) => {
      res.json({ comprobantes: await transfers.mine(member(res.locals)) });
    },
    myUploadFile: async (req, res) => {
      sendUploaded(res, await transfers.file(req.params.id, member(res.locals)));
    },
    pendingUploads: async (req, res) => {
      res.json(await transfers.pending(req.query));
    },
    uploadFile: async (req, res) => {
      sendUploaded(res, await transfers.file(req.params.id));
    },
    approve: async (req, res) => {
      res.json(await transfers.approve(req.params.id));
    },
    reject: async (req, res) => {
      res.json(await transfers.reject(req.params.id, req.body));
    },
    signOut: async (req, res) => {
      await service.signOut(sessionToken(req, cookie.name)!, member(res.locals));
      res.clearCookie(cookie.name, cookie.options);
      res.json({ message: memberMessages.signedOut });
    },
  } satisfies Record<string, RequestHandler>;
}
