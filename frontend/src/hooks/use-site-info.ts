import { getSiteInfo } from '@/api/site-info';
import { usePublicResource } from './use-public-resource';

/** The gym's settings do not change during a visit: loaded once (getSiteInfo keeps the answer). */
export const useSiteInfo = () => usePublicResource(() => getSiteInfo(), []);
