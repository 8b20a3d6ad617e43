import express, { Router, type RequestHandler } from 'express';
import { TRANSFER_MAX_BYTES, transferMessages } from '@gym/contracts/members';
import { TooLarge } from '../../shared/errors';
import { allow, member, open } from '../../http/route-access';
import type { createMembersController } from './members.controller';

/** The photo or PDF itself is the body, up to 5 MB; past that, the upload's own Spanish 413. */
const rawFile: RequestHandler = (req, res, next) =>
  express.raw({ type: () => true, limit: TRANSFER_MAX_BYTES })(req, res, (err?: unknown) =>
    next(
      (err as { type?: string } | undefined)?.type === 'entity.too.large'
        ? new TooLarge(transferMessages.tooLarge)
        : err,
    ),
  );

const portal = {
  notes:
    "`{idUsuario, nombre, plan, state, paidUntil, pausedSince, today, apto, payments (last 12), pauses, contact}` of the session's member only; Salir ends the session (audited with the member as actor). A staff session gets 401 here, a member session 401 on every staff route",
};
const uploads = {
  notes:
    "upload a transfer's receipt: a JPEG/PNG/WebP photo (re-encoded within the picture budget) or a PDF that a parser reads with at least one page (400 otherwise), up to 5 MB (413), with the amount in whole centavos and 1 to 12 months: 201 `{message}`; 409 naming the receipts waiting when `MEMBER_UPLOADS_PENDING_MAX` (3) already wait, 429 past `MEMBER_UPLOADS_PER_DAY` (10) in 24 hours; their uploads with state (`pendiente`, `aprobado` with the receipt, `rechazado` with the reason); their own file only (404 otherwise), as every uploaded receipt file: `Content-Disposition: attachment`, `nosniff`, `Content-Security-Policy: sandbox`",
};
const waiting = {
  notes:
    "the uploads waiting, oldest first, a page at a time (`limit` 20 by default, at most 100): `{comprobantes, total, page, limit}`, `total` being the dashboard's count; each with the member's name, the declared `amountCentavos` and `months`, `planName`, `planPriceCentavos` (the plan's monthly fee today), `expectedCentavos` (months × planPriceCentavos) and the member's `paidUntil`; the file",
};
const decision = {
  notes:
    'approve: records the payment (transferencia, its receipt number) and claims the upload in one transaction, mails the member: `{message, receipt}`; reject: keeps the reason and mails it; 409 `Este comprobante ya fue revisado…` for the second of two decisions, with nothing recorded',
};

export function membersRoutes(
  controller: ReturnType<typeof createMembersController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  const { requireStaff: staff, requireMember: memberSession } = guards;
  return Router()
    .post(
      '/clients/:idUsuario/member-access',
      staff,
      allow('membresias.gestionar', {
        input: '{channel}',
        notes:
          "`{channel, whatsappUrl}`: a single-use link to the member's portal (15 minutes), mailed (`email`) or returned as a `wa.me` link with the text ready (`whatsapp`); 409 for an archived client, no e-mail or no WhatsApp number; 502 when the mail server refuses",
      }),
      controller.sendAccess,
    )
    .delete(
      '/clients/:idUsuario/member-sessions',
      staff,
      allow('membresias.gestionar', { notes: '`{message}`: every portal session and unused link of the member ends' }),
      controller.endSessions,
    )
    .post(
      '/socio/ingresar',
      open({
        unaudited: true,
        input: '{email}',
        notes:
          "`{message}`, the same whether or not the e-mail is a client's (the link is mailed after the answer); 429 past 3 a window per e-mail or the login's allowance per address",
      }),
      controller.requestLink,
    )
    .post(
      '/socio/enlace',
      open({
        unaudited: true,
        input: '{token}',
        who: "the link's holder",
        notes:
          '200 and the member cookie (`msid`, `__Host-msid` over HTTPS; httpOnly, 30 days sliding, and never past `MEMBER_SESSION_MAX_DAYS` (90) after the link: then every member route answers 401 `Tu sesión venció…` and the portal offers a new link); 400 `El enlace ya se usó o venció…` for a used, expired or unknown link',
      }),
      controller.openLink,
    )
    .get('/socio/yo', memberSession, member(portal), controller.portal)
    .get(
      '/socio/qr',
      memberSession,
      member({
        notes:
          '`{token, emitido, renovar}`: the door pass, `GYM1.<idUsuario>.<step>.<HMAC>`, the same for the whole 5-minute step; the door takes the current step and the one before. `no-store`',
      }),
      controller.doorPass,
    )
    .get(
      '/socio/recibos/:id',
      memberSession,
      member({
        notes:
          "their own payment's receipt PDF (the Factura C, with CAE and QR, once ARCA authorised it); another member's is 404",
      }),
      controller.receipt,
    )
    .post(
      '/socio/comprobantes',
      memberSession,
      member({ input: '?montoCentavos=&meses= (the file as body)', ...uploads }),
      rawFile,
      controller.upload,
    )
    .get('/socio/comprobantes', memberSession, member(uploads), controller.myUploads)
    .get('/socio/comprobantes/:id/archivo', memberSession, member(uploads), controller.myUploadFile)
    .get(
      '/desk/comprobantes',
      staff,
      allow('membresias.gestionar', { input: '?page=&limit=', ...waiting }),
      controller.pendingUploads,
    )
    .get('/desk/comprobantes/:id/archivo', staff, allow('membresias.gestionar', waiting), controller.uploadFile)
    .post('/desk/comprobantes/:id/aprobar', staff, allow('membresias.gestionar', decision), controller.approve)
    .post(
      '/desk/comprobantes/:id/rechazar',
      staff,
      allow('membresias.gestionar', { input: '{motivo}', ...decision }),
      controller.reject,
    )
    .post('/socio/salir', memberSession, member(portal), controller.signOut);
}
