import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createStaffController } from './staff.controller';

const accountChange = {
  notes:
    '`{user}`; disabling ends every session of the account; 409 `Tiene que quedar al menos un dueño con la cuenta activa.` for the last active owner',
};

/** The owner's account management and everyone's own account. */
export function staffRoutes(controller: ReturnType<typeof createStaffController>, requireStaff: RequestHandler) {
  return Router()
    .put(
      '/users/:id/role',
      requireStaff,
      allow('personal.gestionar', { input: '{role}', ...accountChange }),
      controller.changeRole,
    )
    .post('/users/:id/disable', requireStaff, allow('personal.gestionar', accountChange), controller.disable)
    .post('/users/:id/enable', requireStaff, allow('personal.gestionar', accountChange), controller.enable)
    .post(
      '/users/:id/reset-password',
      requireStaff,
      allow('personal.gestionar', {
        notes:
          '`{user, temporaryPassword}` (shown once, `Cache-Control: no-store`); its sessions end and it must be changed at the next login',
      }),
      controller.resetPassword,
    )
    .put(
      '/auth/password',
      requireStaff,
      allow('cuenta.propia', {
        input: '{currentPassword, newPassword, confirmPassword}',
        notes: '`{message}`; every other session of the account ends',
      }),
      controller.changePassword,
    )
    .get(
      '/auth/sessions',
      requireStaff,
      allow('cuenta.propia', {
        notes: 'their own open sessions `{sessions: [{id, createdAt, lastSeenAt, ip, userAgent, current}]}`',
      }),
      controller.sessions,
    )
    .delete(
      '/auth/sessions/:id',
      requireStaff,
      allow('cuenta.propia', { notes: 'ends one of their own sessions (204)' }),
      controller.endSession,
    )
    .get(
      '/auth/login-events',
      requireStaff,
      allow('cuenta.propia', {
        notes: 'their own last 10 logins `{events: [{at, outcome: exito/fallo/bloqueo, ip}]}`',
      }),
      controller.loginEvents,
    );
}
