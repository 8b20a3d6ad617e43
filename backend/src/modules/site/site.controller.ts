import type { RequestHandler } from 'express';
import type { SiteInfo } from '@gym/contracts/site';

/** The same answer for every visitor, built once from the config at start-up. */
export function createSiteController(info: SiteInfo) {
  const body = JSON.stringify(info);
  const show: RequestHandler = (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(body);
  };
  return { show };
}
