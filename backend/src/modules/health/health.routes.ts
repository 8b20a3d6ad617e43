import { Router } from 'express';
import type { Knex } from 'knex';
import { open } from '../../http/route-access';

const READY_TIMEOUT_MS = 2000;

/** /healthz: the process answers. /readyz: the database answers too, within 2 s. */
export function healthRoutes(db: Knex) {
  return Router()
    .get('/healthz', open({ notes: 'process up' }), (_req, res) => {
      res.json({ status: 'ok' });
    })
    .get('/readyz', open({ notes: 'database answering' }), async (_req, res) => {
      try {
        await db.raw('select 1').timeout(READY_TIMEOUT_MS);
        res.json({ status: 'ready' });
      } catch {
        res.status(503).json({ status: 'unavailable' });
      }
    });
}
