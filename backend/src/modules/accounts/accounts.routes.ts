import { Router, type RequestHandler } from 'express';
import type { createAccountsController } from './accounts.controller';
import { oneLoginPerAddress } from './one-login';

export function accountsRoutes(controller: ReturnType<typeof createAccountsController>, requireStaff: RequestHandler) {
  return Router()
    .post('/staff-code/verify', controller.verifyStaffCode)
    .post('/users', controller.register)
    .post('/user/login', oneLoginPerAddress(), controller.login)
    .post('/user/logout', controller.logout)
    .get('/auth/me', requireStaff, controller.me)
    .get('/users', requireStaff, controller.list);
}
