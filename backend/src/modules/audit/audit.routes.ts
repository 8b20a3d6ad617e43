import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';

/** GET /v1/audit: the trail, newest first, for the owner. */
export function auditRoutes(list: RequestHandler, requireStaff: RequestHandler) {
  return Router().get(
    '/audit',
    requireStaff,
    allow('auditoria.ver', {
      input: '?actor=&entity=&from=&to=&page=&limit=',
      notes:
        '`{entries: [{at, actor: {_id, email, role}, entity, entityId, action, before, after, requestId}], total, page, limit}`, newest first; `actor` an e-mail or account id, `from`/`to` days (`AAAA-MM-DD`) in Tucumán, `limit` up to 100 (50)',
    }),
    list,
  );
}
