import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { BackupsService } from './backups.service';

/** The owner's backup line. */
export function operationsRoutes(backups: BackupsService, requireStaff: RequestHandler) {
  return Router().get(
    '/respaldos',
    requireStaff,
    allow('respaldos.ver', { notes: "whether the database's backups were verified, for the owner's panel" }),
    async (_req, res) => {
      res.json(await backups.status());
    },
  );
}
