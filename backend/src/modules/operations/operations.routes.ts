import { Router, type RequestHandler } from 'express';
import type { BackupsService } from './backups.service';

/** The owner's backup line (respaldos.ver, route-permissions.ts). */
export function operationsRoutes(backups: BackupsService, requireStaff: RequestHandler) {
  return Router().get('/respaldos', requireStaff, async (_req, res) => {
    res.json(await backups.status());
  });
}
