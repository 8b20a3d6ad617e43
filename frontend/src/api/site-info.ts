import type { SiteInfo } from '@gym/contracts/site';
import { api } from './client';

let cached: Promise<SiteInfo> | undefined;

/** GET /v1/site once per visit: the footer and the weather box both read it. */
export function getSiteInfo(): Promise<SiteInfo> {
  cached ??= api
    .get('site')
    .json<SiteInfo>()
    .catch((err: unknown) => {
      cached = undefined;
      throw err;
    });
  return cached;
}

/** Tests start each case from a fresh visit. */
export function forgetSiteInfo() {
  cached = undefined;
}
