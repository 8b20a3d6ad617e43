import { Router, type RequestHandler } from 'express';
import { allow, open } from '../../http/route-access';
import type { createAccountsController } from './accounts.controller';
import { oneLoginPerAddress } from './one-login';

export function accountsRoutes(controller: ReturnType<typeof createAccountsController>, requireStaff: RequestHandler) {
  return Router()
    .post(
      '/staff-code/verify',
      open({
        unaudited: true,
        input: '{code}',
        notes: '200 `Codigo correcto`, 403 `Codigo incorrecto`, 429 after 10 wrong tries',
      }),
      controller.verifyStaffCode,
    )
    .post(
      '/users',
      open({
        input: '{name, lastname, email, password, code}',
        who: 'anyone with the code',
        notes: '201 `{user}`; 403 without the code; 400 with the first SPEC §5 rule that fails; 409 e-mail taken',
      }),
      controller.register,
    )
    .post(
      '/user/login',
      open({
        unaudited: true,
        input: '{email, password}',
        notes:
          '200 `{user}` and an httpOnly session cookie; 401 `Usuario o contraseña incorrectos`; 429 when throttled',
      }),
      oneLoginPerAddress(),
      controller.login,
    )
    .post('/user/logout', open({ unaudited: true, notes: '204; the session ends on the server' }), controller.logout)
    .get(
      '/auth/me',
      requireStaff,
      allow('cuenta.propia', {
        notes:
          '`{user: {_id, name, lastname, email, role}}`, plus `mustChangePassword: true` while a temporary password is in use',
      }),
      controller.me,
    )
    .get(
      '/users',
      requireStaff,
      allow('personal.gestionar', {
        notes: '`{users: [{_id, name, lastname, email, role, activo, lastLoginAt}]}` (never a password)',
      }),
      controller.list,
    );
}
