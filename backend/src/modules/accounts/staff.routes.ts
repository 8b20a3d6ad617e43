import { Router, type RequestHandler } from 'express';
import type { createStaffController } from './staff.controller';

/** The owner's account management and everyone's own account; who may call each is in route-permissions.ts. */
export function staffRoutes(controller: ReturnType<typeof createStaffController>, requireStaff: RequestHandler) {
  return Router()
    .put('/users/:id/role', requireStaff, controller.changeRole)
    .post('/users/:id/disable', requireStaff, controller.disable)
    .post('/users/:id/enable', requireStaff, controller.enable)
    .post('/users/:id/reset-password', requireStaff, controller.resetPassword)
    .put('/auth/password', requireStaff, controller.changePassword)
    .get('/auth/sessions', requireStaff, controller.sessions)
    .delete('/auth/sessions/:id', requireStaff, controller.endSession)
    .get('/auth/login-events', requireStaff, controller.loginEvents);
}
