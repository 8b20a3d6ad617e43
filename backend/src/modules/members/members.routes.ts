import express, { Router, type RequestHandler } from 'express';
import { TRANSFER_MAX_BYTES, transferMessages } from '@gym/contracts';
import { TooLarge } from '../../shared/errors';
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

export function membersRoutes(
  controller: ReturnType<typeof createMembersController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  return Router()
    .post('/clients/:idUsuario/member-access', guards.requireStaff, controller.sendAccess)
    .delete('/clients/:idUsuario/member-sessions', guards.requireStaff, controller.endSessions)
    .post('/socio/ingresar', controller.requestLink)
    .post('/socio/enlace', controller.openLink)
    .get('/socio/yo', guards.requireMember, controller.portal)
    .get('/socio/qr', guards.requireMember, controller.doorPass)
    .get('/socio/recibos/:id', guards.requireMember, controller.receipt)
    .post('/socio/comprobantes', guards.requireMember, rawFile, controller.upload)
    .get('/socio/comprobantes', guards.requireMember, controller.myUploads)
    .get('/socio/comprobantes/:id/archivo', guards.requireMember, controller.myUploadFile)
    .get('/desk/comprobantes', guards.requireStaff, controller.pendingUploads)
    .get('/desk/comprobantes/:id/archivo', guards.requireStaff, controller.uploadFile)
    .post('/desk/comprobantes/:id/aprobar', guards.requireStaff, controller.approve)
    .post('/desk/comprobantes/:id/rechazar', guards.requireStaff, controller.reject)
    .post('/socio/salir', guards.requireMember, controller.signOut);
}
