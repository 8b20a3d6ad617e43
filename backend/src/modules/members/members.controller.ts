import type { CookieOptions, RequestHandler, Response } from 'express';
import {
  MEMBER_SESSION_DAYS,
  memberAccessSchema,
  memberLinkRequestSchema,
  memberMessages,
  transferCoverageSchema,
  transferMessages,
  transferRejectSchema,
} from '@gym/contracts/members';
import { transferPageSchema } from '@gym/contracts/transfer-review';
import { sessionToken } from '../../http/auth';
import { validate } from '../../http/validate';
import { Unauthorized, ValidationFailed } from '../../shared/errors';
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
      const { channel } = validate(memberAccessSchema, req.body);
      res.json(await service.sendAccess(String(req.params.idUsuario), channel));
    },
    endSessions: async (req, res) => {
      res.json(await service.endSessions(String(req.params.idUsuario)));
    },
    requestLink: async (req, res) => {
      const { email } = validate(memberLinkRequestSchema, req.body);
      res.json(await service.requestLink(email, req.ip ?? ''));
    },
    openLink: async (req, res) => {
      const token = (req.body as { token?: unknown } | null)?.token;
      const session = await service.openLink(typeof token === 'string' ? token : '');
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
      const { filename, pdf } = await service.receipt(String(req.params.id), member(res.locals));
      res.type('application/pdf').attachment(filename).send(pdf);
    },
    /** The file is the body; what it pays is the query (`montoCentavos` and `meses`). */
    upload: async (req, res) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new ValidationFailed(transferMessages.missing);
      const { montoCentavos, meses } = validate(transferCoverageSchema, req.query);
      const coverage = { amountCentavos: montoCentavos, months: meses };
      res.status(201).json(await transfers.upload(member(res.locals), req.body, coverage));
    },
    myUploads: async (_req, res) => {
      res.json({ comprobantes: await transfers.mine(member(res.locals)) });
    },
    myUploadFile: async (req, res) => {
      sendUploaded(res, await transfers.file(String(req.params.id), member(res.locals)));
    },
    pendingUploads: async (req, res) => {
      res.json(await transfers.pending(validate(transferPageSchema, req.query)));
    },
    uploadFile: async (req, res) => {
      sendUploaded(res, await transfers.file(String(req.params.id)));
    },
    approve: async (req, res) => {
      res.json(await transfers.approve(String(req.params.id)));
    },
    reject: async (req, res) => {
      const { motivo } = validate(transferRejectSchema, req.body);
      res.json(await transfers.reject(String(req.params.id), motivo));
    },
    signOut: async (req, res) => {
      await service.signOut(sessionToken(req, cookie.name)!, member(res.locals));
      res.clearCookie(cookie.name, cookie.options);
      res.json({ message: memberMessages.signedOut });
    },
  } satisfies Record<string, RequestHandler>;
}
